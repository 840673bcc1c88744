import TableFlow

extension SpecScreen {
  /// The records of the newest page of the paginated request whose answers `slot` keeps:
  /// with the pagination's `limit`, what tells the pipeline that a load-more page came back
  /// short (repeats dropped, or fewer records than asked) and is to be refilled.
  public func itemCount(ofNewestPageIn slot: String, state: ScreenState<SpecDocument>) -> Int? {
    guard let request = definition.requests.first(where: { $0.name == slot }), request.pagination != nil,
      let page = state.pages(in: slot).last
    else { return nil }
    return page.records[request.records]?.count ?? 0
  }
}
