import TableCore

/// A ``TableUpdateTarget`` without a screen: each batch goes through a `HeadlessTable`, which
/// rejects what UIKit would raise an exception for, so ``TableUpdater`` is tested on any
/// platform through the same code path as a `UITableView`.
@MainActor
public final class HeadlessTableView: TableUpdateTarget {
  /// The table and what it displays.
  public private(set) var table = HeadlessTable()
  /// Whether the simulated table has `reconfigureRows` (as iOS 15+).
  public let canReconfigureRows: Bool
  /// Every batch issued, in order.
  public private(set) var batches: [TableBatch] = []
  /// The number of `reloadData` calls.
  public private(set) var reloadCount = 0

  /// Creates an empty table.
  public init(canReconfigureRows: Bool = true) {
    self.canReconfigureRows = canReconfigureRows
  }

  /// What the table displays.
  public var snapshot: TableSnapshot { table.snapshot }

  /// Applies the batch as one `performBatchUpdates`.
  /// - Throws: `BatchUpdateError` where UIKit would raise; the table is then unchanged.
  public func performBatch(_ batch: TableBatch) throws {
    try table.performBatchUpdates(batch.stage)
    batches.append(batch)
  }

  /// Shows `snapshot` at once.
  public func reloadData(_ snapshot: TableSnapshot) {
    table.reloadData(snapshot)
    reloadCount += 1
  }
}
