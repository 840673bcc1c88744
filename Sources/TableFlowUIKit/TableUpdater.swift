import TableCore
import TableFlow

/// Applies the presented updates of one screen instance to its table, stage by stage.
///
/// Each stage of an update's changeset becomes one batch update (``TableBatch``) on the
/// target: a content change is a `reconfigureRows` where the table can (iOS 15+) and a
/// `reloadRows` elsewhere, a row kind change is always a `reloadRows`, moved rows and sections
/// are moves (the table animates them), and a header or footer text change updates the
/// visible title in place after the batch instead of reloading the section. The first update
/// the updater sees, and an update without stages (a screen revealed by `back`), show the
/// snapshot with `reloadData()`.
///
/// One updater serves one screen instance (`update.screen`), as one table view serves one view
/// controller: route each update to the updater of its screen.
///
/// ```swift
/// let updater = TableUpdater(target: tableView)  // UITableView conforms in TableFlowUIKit
/// for try await update in pipeline.updates(for: screen) {
///   try updater.apply(update)
/// }
/// ```
///
/// ``TableDataSource`` owns an updater and answers the table's questions as well: prefer it
/// unless the app writes its own data source.
/// ```
@MainActor
public final class TableUpdater<Target: TableUpdateTarget> {
  /// The table updated.
  public let target: Target
  /// Whether batches animate; `false` issues them with ``RowAnimation/none``.
  public var animated: Bool
  /// The screen instance this updater serves, set by its first update.
  public private(set) var screen: ScreenRef?
  /// What the target shows, as of the last update applied.
  public private(set) var shown: TableSnapshot?

  /// Creates an updater for `target`.
  public init(target: Target, animated: Bool = true) {
    self.target = target
    self.animated = animated
  }

  /// Applies `update` to the target.
  /// - Throws: ``TableUpdateError`` for an update of another screen instance, or when the
  ///   target rejects a batch (the stages before it stay applied).
  public func apply(_ update: PresentedUpdate) throws(TableUpdateError) {
    if let screen, screen != update.screen {
      throw TableUpdateError(
        "an update of \(update.screen.name) #\(update.screen.instance) reached the table of "
          + "\(screen.name) #\(screen.instance)")
    }
    defer {
      screen = update.screen
      shown = update.snapshot
    }
    guard shown != nil, !update.changeset.stages.isEmpty else {
      do {
        try target.reloadData(update.snapshot)
      } catch {
        throw TableUpdateError("\(update.screen.name) v\(update.version): \(error)")
      }
      return
    }
    for (index, stage) in update.changeset.stages.enumerated() {
      do {
        try target.performBatch(batch(for: stage))
      } catch {
        throw TableUpdateError("stage \(index + 1) of \(update.screen.name) v\(update.version): \(error)")
      }
    }
  }

  /// The batch update for one stage, as this updater issues it.
  /// - Complexity: O(operations in the stage).
  public func batch(for stage: ChangesetStage) -> TableBatch {
    var operations: [TableOperation] = []
    if !stage.sectionDeletes.isEmpty { operations.append(.deleteSections(stage.sectionDeletes)) }
    if !stage.sectionInserts.isEmpty { operations.append(.insertSections(stage.sectionInserts)) }
    for move in stage.sectionMoves { operations.append(.moveSection(from: move.from, to: move.to)) }
    if !stage.sectionReloads.isEmpty { operations.append(.reloadSections(stage.sectionReloads)) }
    if !stage.rowDeletes.isEmpty { operations.append(.deleteRows(stage.rowDeletes)) }
    if !stage.rowInserts.isEmpty { operations.append(.insertRows(stage.rowInserts)) }
    for move in stage.rowMoves { operations.append(.moveRow(from: move.from, to: move.to)) }
    if target.canReconfigureRows {
      if !stage.rowReloads.isEmpty { operations.append(.reloadRows(stage.rowReloads)) }
      if !stage.rowReconfigures.isEmpty { operations.append(.reconfigureRows(stage.rowReconfigures)) }
    } else {
      let reloads = (stage.rowReloads + stage.rowReconfigures).sorted()
      if !reloads.isEmpty { operations.append(.reloadRows(reloads)) }
    }
    if !stage.sectionUpdates.isEmpty { operations.append(.updateSectionTitles(stage.sectionUpdates)) }
    return TableBatch(
      snapshot: stage.snapshot, operations: operations, animation: animated ? .automatic : .none)
  }
}

/// A presented update that a ``TableUpdater`` could not apply.
public struct TableUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
