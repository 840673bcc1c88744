/// A table view without a screen: applies staged changesets exactly as UIKit's
/// `performBatchUpdates` would, and rejects the ones UIKit would crash on.
///
/// The table keeps what it displays. A batch update is checked against UIKit's rules —
/// deletes, reloads and reconfigures name rows before the update, inserts rows after it,
/// moves go from before to after; a row is not both moved and reloaded; rows of a section
/// the same update inserts, deletes or reloads are left alone; every section's row count
/// adds up — then applied. As in UIKit, inserted, reloaded and reconfigured rows and
/// inserted or reloaded sections are read from the data source, here the stage's
/// `snapshot`; moved and untouched rows keep what the table showed. Headers and footers
/// change through a section reload or a section update (``ChangesetStage/sectionUpdates``,
/// read from the data source after the update, as an adapter sets a visible header in place),
/// styles only through a reload; the collapsed state is read from the data source. Finally
/// the table checks that it holds the data source's sections and rows, in order, as UIKit's
/// next layout pass would.
public struct HeadlessTable: Hashable, Sendable {
  /// What the table displays.
  public private(set) var snapshot: TableSnapshot
  /// The number of batch updates applied since the last ``reloadData(_:)``.
  public private(set) var updateCount: Int = 0

  /// Creates a table displaying `snapshot`.
  public init(_ snapshot: TableSnapshot = .empty) {
    self.snapshot = snapshot
  }

  /// Displays `snapshot` without animation, as `reloadData()` does.
  public mutating func reloadData(_ snapshot: TableSnapshot) {
    self.snapshot = snapshot
    updateCount = 0
  }

  /// Applies one stage as one `performBatchUpdates` call.
  ///
  /// - Throws: ``BatchUpdateError`` when UIKit would raise an
  ///   `NSInternalInconsistencyException`; the table is then unchanged.
  /// - Complexity: O(rows in the sections the stage touches + sections).
  public mutating func performBatchUpdates(_ stage: ChangesetStage) throws(BatchUpdateError) {
    let update = try BatchUpdate(current: snapshot.sections, stage: stage)
    snapshot = TableSnapshot(uncheckedSections: try update.apply())
    updateCount += 1
  }

  /// Applies every stage of `changeset` in order.
  ///
  /// - Throws: ``BatchUpdateError`` naming the stage that UIKit would reject; the stages
  ///   before it stay applied.
  public mutating func apply(_ changeset: StagedChangeset) throws(BatchUpdateError) {
    for (index, stage) in changeset.stages.enumerated() {
      do {
        try performBatchUpdates(stage)
      } catch {
        throw error.inStage(index)
      }
    }
  }
}

extension TableSnapshot {
  /// This snapshot with `changeset` applied through a ``HeadlessTable``, stage by stage.
  ///
  /// For `changeset = new.difference(from: self)` the result is `new`.
  ///
  /// - Throws: ``BatchUpdateError`` when a stage is one UIKit would reject.
  public func applying(_ changeset: StagedChangeset) throws(BatchUpdateError) -> TableSnapshot {
    var table = HeadlessTable(self)
    try table.apply(changeset)
    return table.snapshot
  }
}
