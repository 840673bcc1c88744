import TableCore

/// The transform stage's logic: the navigation stack, each screen's state, and how intents and
/// answers turn into fetches, snapshots and navigation. Synchronous and deterministic; the
/// feed's screen functions it calls are pure.
struct TransformStateMachine {
  /// What the stage must do, in order.
  enum Action: Sendable {
    /// Send these requests; report the answers with `decoded` or `fetchFailed`.
    case fetch(FetchJob)
    /// Publish this snapshot and hand it to the presenter (with the navigation that brought
    /// its screen up, for a pushed screen's first snapshot).
    case build(BuiltSnapshot, navigation: Navigation?)
    /// Publish this navigation (a link opened).
    case navigate(Navigation)
    /// A screen was popped: publish the navigation and show `revealed` again as it was.
    case reveal(ScreenRef, navigation: Navigation)
    /// Publish this failure.
    case fail(PipelineFailure, screen: ScreenRef?)
    /// Publish the duplicates that building a screen's table dropped or renamed.
    case reportDuplicates([DuplicateReport], screen: ScreenRef)
  }

  struct Entry {
    var ref: ScreenRef
    var screen: any ErasedScreen
    /// The last snapshot built, with status rows.
    var snapshot: TableSnapshot = .empty
    /// The feed's sections from the last successful transform.
    var content: [Section] = []
    /// What the error row's retry does.
    var retry: FetchJob?
    var hasBuilt = false
    /// The duplicates reported so far: each is reported once, not at every build.
    var duplicates: Set<DuplicateReport> = []
  }

  var stack: [Entry]
  private var nextInstance = 1
  private var nextJob = 1
  private var pendingJobs: [Int: FetchJob] = [:]
  private let parameters: FeedParameters

  init(root: any Screen, parameters: FeedParameters) {
    self.parameters = parameters
    let ref = ScreenRef(instance: 1, name: root.name, depth: 0)
    nextInstance = 2
    stack = [Entry(ref: ref, screen: erase(root, parameters: parameters))]
  }

  /// The screen on top of the stack.
  var top: ScreenRef { stack[stack.count - 1].ref }

  // MARK: Events

  /// An intent arrived for the top screen.
  mutating func received(_ intent: Intent) -> [Action] {
    received(intent, depth: 0)
  }

  /// The answers of a job arrived, decoded, in request order.
  mutating func decoded(job id: Int, models: [any Sendable]) -> [Action] {
    guard let job = pendingJobs.removeValue(forKey: id), let index = index(of: job.screen) else { return [] }
    let answers = zip(job.requests, models).map { (slot: $0.slot, model: $1) }
    var replacing = false
    if case .load = job.purpose { replacing = true }
    guard stack[index].screen.add(answers, replacing: replacing) else {
      let failure = PipelineFailure(
        .internal, stage: .decode, "decoded answer for \(job.screen.name) is not its model type")
      return fetchFailed(job: job, failure, index: index)
    }
    stack[index].screen.isLoading = false
    stack[index].screen.failure = nil
    stack[index].retry = nil
    return build(at: index)
  }

  /// A job failed (transport, status or decoding); the failure was already published.
  mutating func fetchFailed(job id: Int, _ failure: PipelineFailure) -> [Action] {
    guard let job = pendingJobs.removeValue(forKey: id), let index = index(of: job.screen) else { return [] }
    return fetchFailed(job: job, failure, index: index)
  }

  // MARK: Intents

  private mutating func received(_ intent: Intent, depth: Int) -> [Action] {
    let index = stack.count - 1
    let entry = stack[index]
    switch intent {
    case .load:
      return load(.initial, at: index)
    case .refresh:
      return load(.refresh, at: index)
    case .back:
      guard stack.count > 1 else {
        return [
          .fail(
            PipelineFailure(.data, stage: .navigation, "back: already on the root screen"), screen: entry.ref)
        ]
      }
      let popped = stack.removeLast()
      let navigation = Navigation.popped(popped.ref, to: top)
      return [.reveal(top, navigation: navigation)]
    case .collapse(let section), .expand(let section):
      let collapse = intent == .collapse(section)
      guard entry.snapshot.sections.contains(where: { $0.id == section }) else {
        return [.fail(unknown("section", section.rawValue, in: entry), screen: entry.ref)]
      }
      if collapse {
        stack[index].screen.collapsedSections.insert(section)
      } else {
        stack[index].screen.collapsedSections.remove(section)
      }
      return build(at: index)
    case .loadMore(let section):
      guard let request = entry.screen.nextPage(of: section) else {
        let reason = "load-more \(section.rawValue): \(entry.ref.name) has no more pages in that section"
        return [.fail(PipelineFailure(.data, stage: .navigation, reason), screen: entry.ref)]
      }
      return [.fetch(makeJob(at: index, [request], purpose: .more(section), retry: intent.description))]
    case .select(let rowID):
      return select(rowID, at: index, depth: depth)
    }
  }

  private mutating func select(_ rowID: RowID, at index: Int, depth: Int) -> [Action] {
    let entry = stack[index]
    guard let row = entry.snapshot.sections.lazy.flatMap(\.rows).first(where: { $0.id == rowID }) else {
      return [.fail(unknown("row", rowID.rawValue, in: entry), screen: entry.ref)]
    }
    if row.id == StatusRows.errorID, let retry = entry.retry {
      let job = makeJob(at: index, retry.requests, purpose: retry.purpose, retry: retry.retryIntent)
      return [.fetch(job)]
    }
    if let section = StatusRows.section(ofLoadMore: row.id) {
      return received(.loadMore(section), depth: depth + 1)
    }
    if row.kind == StatusRows.loadingKind || row.kind == StatusRows.emptyKind
      || row.kind == StatusRows.errorKind
    {
      return []
    }
    switch entry.screen.route(row) {
    case .none:
      return []
    case .open(let link):
      return [.navigate(.openedLink(link, from: entry.ref))]
    case .send(let request):
      return [.fetch(makeJob(at: index, [request], purpose: .send, retry: "select \(rowID.rawValue)"))]
    case .perform(let intent):
      guard depth < 4 else {
        return [
          .fail(
            PipelineFailure(.internal, stage: .navigation, "routes perform intents in a loop"),
            screen: entry.ref)
        ]
      }
      return received(intent, depth: depth + 1)
    case .push(let screen):
      let ref = ScreenRef(instance: nextInstance, name: screen.name, depth: stack.count)
      nextInstance += 1
      stack.append(Entry(ref: ref, screen: erase(screen, parameters: parameters)))
      return load(.initial, at: stack.count - 1, navigation: .pushed(ref, from: entry.ref))
    }
  }

  private mutating func load(_ load: ScreenLoad, at index: Int, navigation: Navigation? = nil) -> [Action] {
    let requests = stack[index].screen.requests(for: load)
    guard !requests.isEmpty else { return build(at: index, navigation: navigation) }
    var actions: [Action] = []
    if load == .initial || !stack[index].hasBuilt {
      // The first load shows a loading row (a reload of a loaded screen keeps its content).
      stack[index].screen.isLoading = stack[index].screen.isEmpty
      actions += build(at: index, navigation: navigation)
    }
    let intent = load == .initial ? "load" : "refresh"
    actions.append(.fetch(makeJob(at: index, requests, purpose: .load(load), retry: intent)))
    return actions
  }

  private mutating func fetchFailed(job: FetchJob, _ failure: PipelineFailure, index: Int) -> [Action] {
    stack[index].screen.isLoading = false
    stack[index].screen.failure = failure
    stack[index].retry = job
    return build(at: index)
  }

  private mutating func makeJob(
    at index: Int, _ requests: [ScreenRequest], purpose: FetchJob.Purpose, retry: String
  ) -> FetchJob {
    let job = FetchJob(
      id: nextJob, screen: stack[index].ref, requests: requests, purpose: purpose, retryIntent: retry,
      decode: stack[index].screen.decoder)
    nextJob += 1
    pendingJobs[job.id] = job
    return job
  }

  private func index(of screen: ScreenRef) -> Int? {
    stack.lastIndex { $0.ref.instance == screen.instance }
  }

  private func unknown(_ what: String, _ id: String, in entry: Entry) -> PipelineFailure {
    PipelineFailure(.data, stage: .navigation, "no \(what) '\(id)' in screen \(entry.ref.name)")
  }
}
