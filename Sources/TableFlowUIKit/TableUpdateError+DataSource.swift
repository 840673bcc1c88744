extension TableUpdateError {
  /// A UIKit table whose `dataSource` cannot be pointed at a batch's snapshot.
  static func notSnapshotDataSource(_ dataSource: AnyObject?) -> TableUpdateError {
    let found = dataSource.map { "a \(type(of: $0))" } ?? "nil"
    return TableUpdateError(
      "the table's dataSource is \(found), not a TableSnapshotDataSource: it would answer from stale "
        + "data (use TableViewDataSource or CollectionViewDataSource, or conform yours)")
  }
}
