import TableCore

/// A data source that answers a table's questions (counts, cells, titles) from a snapshot.
///
/// The `UITableView` and `UICollectionView` conformances point it at each batch's snapshot
/// inside the batch's update block, as UIKit requires: the counts after the update must be the
/// data source's when the block ends.
@MainActor
public protocol TableSnapshotDataSource: AnyObject {
  /// What the table shows.
  var snapshot: TableSnapshot { get set }
}
