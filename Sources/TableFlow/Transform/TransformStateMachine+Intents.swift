import TableCore

extension TransformStateMachine {
  /// Applies an intent to the screen at `index`: the one place where intents are applied.
  ///
  /// Rules for work in flight, each one action (and one log line): popping a screen cancels
  /// its batches; a load or refresh supersedes the screen's load, refresh and load-mores in
  /// flight; a load-more for a section already loading is ignored.
  mutating func apply(_ intent: Intent, at index: Int, depth: Int) -> [Action] {
    let entry = stack[index]
    var actions: [Action] = depth == 0 ? [.applied(logged(intent, at: index), screen: entry.ref)] : []
    switch intent {
    case .load:
      actions += load(.initial, at: index)
    case .refresh:
      actions += load(.refresh, at: index)
    case .back:
      guard stack.count > 1 else {
        let failure = PipelineFailure(.data, stage: .navigation, "back: already on the root screen")
        return actions + [.fail(failure, screen: entry.ref)]
      }
      for id in pending.keys.sorted() where pending[id]?.batch.screen == entry.ref {
        if let cancel = cancel(batch: id, reason: "\(entry.ref.name) popped") { actions.append(cancel) }
      }
      let popped = stack.removeLast()
      actions.append(.navigate(.popped(popped.ref, to: top)))
    case .collapse(let section), .expand(let section):
      guard entry.snapshot.sections.contains(where: { $0.id == section }) else {
        return actions + [.fail(unknown("section", section.rawValue, in: entry), screen: entry.ref)]
      }
      if case .collapse = intent {
        stack[index].screen.collapsedSections.insert(section)
      } else {
        stack[index].screen.collapsedSections.remove(section)
      }
      actions += build(at: index)
    case .loadMore(let section):
      if entry.moreBatches[section] != nil {
        let reason = "\(section.rawValue) is already loading its next page"
        // Nested (from `select tableflow.more.…`), the select's own mark stays in front.
        return (depth == 0 ? [] : actions) + [.ignored(intent, screen: entry.ref, reason: reason)]
      }
      guard let request = entry.screen.nextPage(of: section) else {
        let reason = "load-more \(section.rawValue): \(entry.ref.name) has no more pages in that section"
        return actions + [.fail(PipelineFailure(.data, stage: .navigation, reason), screen: entry.ref)]
      }
      actions.append(start([request], at: index, purpose: .more(section), retry: intent.description))
      actions += build(at: index)  // the load-more row shows the page loading
    case .select(let rowID):
      actions += select(rowID, at: index, depth: depth)
    case .edit(let rowID, let text, _):
      actions += edit(rowID, text: text, at: index)
    case .toggle(let rowID):
      actions += toggle(rowID, at: index)
    case .action(let rowID, let name):
      actions += action(name, in: rowID, at: index, depth: depth)
    }
    return actions
  }

  private mutating func select(_ rowID: RowID, at index: Int, depth: Int) -> [Action] {
    let entry = stack[index]
    guard let row = entry.snapshot.sections.lazy.flatMap(\.rows).first(where: { $0.id == rowID }) else {
      return [.fail(unknown("row", rowID.rawValue, in: entry), screen: entry.ref)]
    }
    if row.id == StatusRows.errorID, let retry = entry.retry {
      return retryAgain(retry, at: index)
    }
    if let section = StatusRows.section(ofLoadMore: row.id) {
      return apply(.loadMore(section), at: index, depth: depth + 1)
    }
    if row.kind == StatusRows.loadingKind || row.kind == StatusRows.emptyKind
      || row.kind == StatusRows.errorKind || row.kind == StatusRows.refreshingKind
    {
      return []
    }
    return follow(entry.screen.route(row), at: index, depth: depth, retry: Intent.select(rowID).description)
  }

  /// Does what a route says, for a selected row or a cell's action (`retry` names the intent
  /// that an error row retries).
  mutating func follow(_ route: Route, at index: Int, depth: Int, retry: String) -> [Action] {
    let entry = stack[index]
    switch route {
    case .none:
      return []
    case .open(let link):
      return [.navigate(.openedLink(link, from: entry.ref))]
    case .send(let request):
      return [start([request], at: index, purpose: .send, retry: retry)]
    case .change(let change, let request):
      return self.change(change, send: request, at: index, retry: retry)
    case .perform(let intent):
      guard depth < 4 else {
        let failure = PipelineFailure(.internal, stage: .navigation, "routes perform intents in a loop")
        return [.fail(failure, screen: entry.ref)]
      }
      return apply(intent, at: index, depth: depth + 1)
    case .push(let screen):
      let ref = makeRef(for: screen)
      stack.append(Entry(ref: ref, screen: erase(screen, parameters: parameters)))
      return load(.initial, at: stack.count - 1, navigation: .pushed(ref, from: entry.ref))
    }
  }

  /// Sends a failed batch again, showing it in flight: a failed load as loading (or
  /// refreshing, over content), a failed load-more as its loading row.
  private mutating func retryAgain(_ retry: Retry, at index: Int) -> [Action] {
    var actions: [Action] = []
    if case .load = retry.purpose {
      actions += supersedeLoads(at: index, by: retry.intent)
      stack[index].screen.isLoading = stack[index].screen.isEmpty
    }
    var purpose = retry.purpose
    if case .change(let change, _) = retry.purpose {
      // The change was taken back when the request failed: make it again.
      purpose = .change(change, previous: stack[index].screen.apply(change))
    }
    actions.append(start(retry.requests, at: index, purpose: purpose, retry: retry.intent))
    if case .send = retry.purpose { return actions }
    stack[index].screen.failure = nil
    return actions + build(at: index)
  }

  /// Cancels the screen's load, refresh and load-mores in flight.
  private mutating func supersedeLoads(at index: Int, by name: String) -> [Action] {
    var superseded = stack[index].moreBatches.values.sorted()
    if let batch = stack[index].loadBatch { superseded.insert(batch, at: 0) }
    return superseded.compactMap { cancel(batch: $0, reason: "superseded by \(name)") }
  }

  /// A first load or a refresh: supersedes the screen's loads in flight, shows the loading row
  /// on a first load, and starts the batch (or only builds, for a screen without requests).
  mutating func load(_ load: ScreenLoad, at index: Int, navigation: Navigation? = nil) -> [Action] {
    let name = load == .initial ? "load" : "refresh"
    var actions = supersedeLoads(at: index, by: name)
    let requests = stack[index].screen.requests(for: load)
    guard !requests.isEmpty else { return actions + build(at: index, navigation: navigation) }
    // A first load shows the loading row; a reload of a loaded screen keeps its content and
    // shows the refreshing row.
    stack[index].screen.isLoading = stack[index].screen.isEmpty
    actions.append(start(requests, at: index, purpose: .load(load), retry: name))
    return actions + build(at: index, navigation: navigation)
  }

  func unknown(_ what: String, _ id: String, in entry: Entry) -> PipelineFailure {
    PipelineFailure(
      .data, stage: .navigation, "no \(what) '\(TextEscaping.echoed(id))' in screen \(entry.ref.name)")
  }
}
