import TableCore
import TableFlow

extension TableDataSource {
  /// The user selected the row at `position`: sends `select ROW` (a load-more row's or the
  /// error row's selection is routed by the pipeline like any other).
  public func didSelectRow(at position: RowPosition) {
    guard let row = row(at: position) else { return }
    sink.send(.select(row.id))
  }

  /// A button named `name` inside the cell at `position` was tapped: sends
  /// `action ROW NAME`. Cells usually call ``CellContext/sendAction(_:)`` instead.
  public func sendAction(_ name: String, at position: RowPosition) {
    guard let row = row(at: position) else { return }
    sink.send(.action(row.id, name: name))
  }

  /// The row at `position` is about to be displayed: a load-more row sends
  /// `load-more SECTION`, once until the pipeline has answered it.
  public func willDisplayRow(at position: RowPosition) {
    requestMoreIfLoadMoreRow(at: position)
  }

  /// The table prefetches these rows: each load-more row among them sends
  /// `load-more SECTION`, once until the pipeline has answered it.
  public func prefetchRows(at positions: [RowPosition]) {
    for position in positions { requestMoreIfLoadMoreRow(at: position) }
  }

  /// The user pulled the refresh control: sends `refresh`. ``isRefreshing`` stays true until
  /// an applied update no longer shows the refreshing row the pipeline presents for it.
  public func refreshControlPulled() {
    sink.send(.refresh)
    refresh = .sent
  }

  private func requestMoreIfLoadMoreRow(at position: RowPosition) {
    guard let row = row(at: position), row.kind == StatusRows.loadMoreKind,
      let section = StatusRows.section(ofLoadMore: row.id), loadMore.shouldRequest(row, of: section)
    else { return }
    sink.send(.loadMore(section))
  }
}
