import TableCore

/// A table that takes batch updates: `UITableView`, `UICollectionView` (in the files under
/// `#if canImport(UIKit) && !os(watchOS)`: watchOS has UIKit but no table views), and
/// ``HeadlessTableView``, which checks each batch against UIKit's rules on any platform.
/// ``TableUpdater`` drives any of them through the same code.
@MainActor
public protocol TableUpdateTarget: AnyObject {
  /// Whether the table can update a visible cell in place (`reconfigureRows`, iOS 15+);
  /// otherwise a content change is a `reloadRows`.
  var canReconfigureRows: Bool { get }

  /// Issues one batch update: points the data source at `batch.snapshot`, issues the
  /// operations inside one `performBatchUpdates`, then applies the title updates.
  /// - Throws: when the table rejects the batch (``HeadlessTableView`` throws
  ///   `BatchUpdateError` where UIKit would raise an exception).
  func performBatch(_ batch: TableBatch) throws

  /// Points the data source at `snapshot` and shows it without animation (`reloadData()`).
  /// - Throws: when the table's data source cannot be pointed at a snapshot (a UIKit table
  ///   whose `dataSource` is not a ``TableSnapshotDataSource``).
  func reloadData(_ snapshot: TableSnapshot) throws
}
