import TableCore

/// A ``TableUpdateTarget`` without a screen: each batch goes through a `HeadlessTable`, which
/// rejects what UIKit would raise an exception for, so ``TableUpdater`` and ``TableDataSource``
/// are tested on any platform through the same code path as a `UITableView`.
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
  /// The data source pointed at each batch's snapshot inside the batch, as UIKit's table
  /// points its `dataSource`; `nil` for a table driven by a ``TableUpdater`` alone.
  public weak var dataSource: (any TableSnapshotDataSource)?
  /// The cell classes registered by kind.
  public internal(set) var registeredCells: [CellKind: AnyClass] = [:]
  /// The number of cells dequeued.
  public internal(set) var dequeueCount = 0

  /// Creates an empty table.
  public init(canReconfigureRows: Bool = true) {
    self.canReconfigureRows = canReconfigureRows
  }

  /// What the table displays.
  public var snapshot: TableSnapshot { table.snapshot }

  /// Applies the batch as one `performBatchUpdates`, pointing ``dataSource`` at its snapshot.
  /// - Throws: `BatchUpdateError` where UIKit would raise; the table and the data source are
  ///   then unchanged.
  public func performBatch(_ batch: TableBatch) throws {
    try table.performBatchUpdates(batch.stage)
    dataSource?.snapshot = batch.snapshot
    batches.append(batch)
  }

  /// Shows `snapshot` at once, pointing ``dataSource`` at it.
  public func reloadData(_ snapshot: TableSnapshot) {
    table.reloadData(snapshot)
    dataSource?.snapshot = snapshot
    reloadCount += 1
  }
}
