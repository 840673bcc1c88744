import TableCore

/// How a table animates the rows and sections of a batch, in UIKit's terms.
public enum RowAnimation: Hashable, Sendable {
  /// The table chooses (`.automatic`).
  case automatic
  /// Cross-fade (`.fade`).
  case fade
  /// No animation (`.none`); the batch still updates the table in one step.
  case none
}

/// One call inside a batch update, in the vocabulary of `UITableView` and `UICollectionView`.
///
/// Index rules are UIKit's: deletes and reloads use the indexes before the batch, inserts the
/// indexes after it, moves go from before to after. Title updates use the indexes after the
/// batch and are applied once the batch is issued (UIKit has no batch call for them).
public enum TableOperation: Hashable, Sendable {
  /// `deleteSections(_:with:)`.
  case deleteSections([Int])
  /// `insertSections(_:with:)`.
  case insertSections([Int])
  /// `moveSection(_:toSection:)`.
  case moveSection(from: Int, to: Int)
  /// `reloadSections(_:with:)`.
  case reloadSections([Int])
  /// `deleteRows(at:with:)`.
  case deleteRows([RowPosition])
  /// `insertRows(at:with:)`.
  case insertRows([RowPosition])
  /// `moveRow(at:to:)`: animated by the table itself.
  case moveRow(from: RowPosition, to: RowPosition)
  /// `reloadRows(at:with:)`: the cell is dequeued again (its kind changed, or the table
  /// cannot reconfigure).
  case reloadRows([RowPosition])
  /// `reconfigureRows(at:)` (iOS 15+): the visible cell is updated in place.
  case reconfigureRows([RowPosition])
  /// Set the visible header and footer text of these sections (post-batch indexes) from the
  /// batch's snapshot, after the batch is issued.
  case updateSectionTitles([Int])
}

/// One `performBatchUpdates` call: what the data source shows once it starts, and the
/// operations to issue inside it.
public struct TableBatch: Hashable, Sendable {
  /// The table after the batch: the data source must answer from it from the start of the
  /// batch's update block.
  public var snapshot: TableSnapshot
  /// The operations, sections before rows, deletes before inserts.
  public var operations: [TableOperation]
  /// How inserted, deleted and reloaded rows and sections animate.
  public var animation: RowAnimation

  /// Creates a batch.
  public init(snapshot: TableSnapshot, operations: [TableOperation], animation: RowAnimation) {
    self.snapshot = snapshot
    self.operations = operations
    self.animation = animation
  }

  /// The batch as a changeset stage, as a `HeadlessTable` applies it.
  public var stage: ChangesetStage {
    var stage = ChangesetStage()
    stage.snapshot = snapshot
    for operation in operations {
      switch operation {
      case .deleteSections(let sections): stage.sectionDeletes += sections
      case .insertSections(let sections): stage.sectionInserts += sections
      case .moveSection(let from, let to): stage.sectionMoves.append(Move(from: from, to: to))
      case .reloadSections(let sections): stage.sectionReloads += sections
      case .deleteRows(let rows): stage.rowDeletes += rows
      case .insertRows(let rows): stage.rowInserts += rows
      case .moveRow(let from, let to): stage.rowMoves.append(Move(from: from, to: to))
      case .reloadRows(let rows): stage.rowReloads += rows
      case .reconfigureRows(let rows): stage.rowReconfigures += rows
      case .updateSectionTitles(let sections): stage.sectionUpdates += sections
      }
    }
    return stage
  }
}
