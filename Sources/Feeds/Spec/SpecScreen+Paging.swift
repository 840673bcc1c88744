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

  /// The offset of the next page of an offset-paginated `request`: where its newest page
  /// ended in the backend's list when it was served (the pages before it may overlap: a
  /// refilled page repeats what moves pulled up), or the records loaded when the page does
  /// not say where it started; then shifted by the screen's own moves.
  func nextOffset(
    loaded: Int, of request: SpecRequestDefinition, source: SpecRecordsSource, section index: Int,
    state: ScreenState<SpecDocument>
  ) -> Int {
    var offset = loaded
    if let last = state.pages(in: request.name).last, let start = last.offset {
      offset = start + (last.records[request.records]?.count ?? 0)
    }
    guard !state.changes.isEmpty else { return offset }
    return offsetAfterMoves(offset, of: source, section: index, slot: request.name, state: state)
  }

  /// The offset of a section's next page when the screen's own moves have changed the
  /// backend's list since its newest page (as the Swift books feed does): a record of the
  /// list that moved to another section left it — the next page starts one earlier, unless
  /// the backend had moved it before serving the page; a record moved here from elsewhere
  /// after the page was served joined it — one later. A move whose order the screen cannot
  /// know counts as made before the page when it leaves and after when it joins, so that the
  /// next page overlaps (repeats are dropped by id) rather than skips.
  /// - Complexity: O(changes), plus the record identities once per set of pages (memoised).
  func offsetAfterMoves(
    _ loaded: Int, of source: SpecRecordsSource, section index: Int, slot: String,
    state: ScreenState<SpecDocument>
  ) -> Int {
    guard let recordPages = try? records(of: source, in: state.pages(in: slot)) else { return loaded }
    let places = identities(of: recordPages, source: source, section: index, state: state)
    let here = definition.sections[index].id.rawValue
    var offset = loaded
    for change in state.changes {
      let parts = change.key.split(separator: SpecChanges.separator, maxSplits: 1)
      guard parts.count == 2, parts[0] == "move" else { continue }
      let order = state.order(of: change, relativeToNewestPageIn: slot)
      if places[String(parts[1])] != nil {
        if change.value != here && order != .beforePage { offset -= 1 }
      } else if change.value == here && order == .afterPage {
        offset += 1
      }
    }
    return max(offset, 0)
  }

  /// The offset an answer was asked for: the value of the query item an offset-paginated
  /// request of the screen fills with `${page.offset}` alone, if the request has one.
  func requestedOffset(of request: TransportRequest) -> Int? {
    for definition in definition.requests where definition.pagination?.style == .offset {
      guard let name = definition.offsetQueryName,
        let item = request.query.first(where: { $0.name == name }),
        let offset = Int(item.value), offset >= 0
      else { continue }
      return offset
    }
    return nil
  }
}

extension SpecRequestDefinition {
  /// The name of the query item whose template is `${page.offset}` alone.
  var offsetQueryName: String? {
    template.query.first { item in
      guard item.value.parts.count == 1, case .expression(let expression) = item.value.parts[0],
        expression.filters.isEmpty, expression.alternatives.count == 1,
        case .path(let path) = expression.alternatives[0]
      else { return false }
      return path.root == .page && path.steps == [.key("offset")]
    }?.name
  }
}
