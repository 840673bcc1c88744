import TableCore

/// The transform stage's logic: the navigation stack, each screen's state, the batches in
/// flight, and how intents and answers turn into requests, snapshots and navigation.
/// Synchronous and deterministic; the feed's screen functions it calls are pure.
///
/// Two inputs, each applied at once to the current state: ``received(_:)`` for an intent
/// (the one place where intents are applied is `apply(_:at:depth:)`, in
/// `TransformStateMachine+Intents.swift`) and ``decoded(_:)`` for a batch's answers. Neither
/// waits for the network: an intent that needs answers starts a batch and returns; the answers
/// are applied when they arrive.
struct TransformStateMachine {
  /// What the stage must publish, in order.
  enum Action: Sendable {
    /// The intent was applied to this screen (`intentReceived`).
    case applied(Intent, screen: ScreenRef)
    /// The intent was ignored by rule (`intentIgnored`).
    case ignored(Intent, screen: ScreenRef, reason: String)
    /// A batch's answers (or its failure) were applied (`responsesApplied`).
    case answered(FetchedBatch)
    /// Send this batch (`requestStarted`).
    case start(RequestBatch)
    /// Give up this batch in flight (`requestCancelled`).
    case cancel(RequestBatch, reason: String)
    /// Present this snapshot (`navigated` for its navigation, if any, then `snapshotBuilt`).
    case build(BuiltSnapshot)
    /// Publish this navigation: a link opened, or a screen popped (the present stage then
    /// shows the revealed screen again).
    case navigate(Navigation)
    /// Publish this failure.
    case fail(PipelineFailure, screen: ScreenRef?)
    /// Publish the duplicates that building a screen's table dropped or renamed.
    case reportDuplicates([DuplicateReport], screen: ScreenRef)
  }

  /// One screen on the stack.
  struct Entry {
    var ref: ScreenRef
    var screen: any ErasedScreen
    /// The last snapshot built, with status rows.
    var snapshot: TableSnapshot = .empty
    /// The feed's sections from the last successful transform.
    var content: [Section] = []
    /// What the error row's retry does.
    var retry: Retry?
    var hasBuilt = false
    /// The lines of the duplicates reported so far: each is reported once, not at every build
    /// (nor when only its position moved, if the screen names its origin).
    var duplicates: Set<String> = []
    /// The load or refresh in flight, if any.
    var loadBatch: Int?
    /// The load-more batches in flight, by section.
    var moreBatches: [SectionID: Int] = [:]
    /// The rows of the sections that ended with a load-more row at the last build, by
    /// section: reused while the feed's rows are the same array and the row says the same.
    var loadMoreRows: [SectionID: LoadMoreRows] = [:]
    /// Whether a load-more page repeated rows shown before, so builds drop repeats (keeping
    /// the first) whatever the screen's policy, until the next load or refresh.
    var dropsRepeatedRows = false
    /// The number of rows the feed's sections held at the last successful build, before
    /// repeats were dropped.
    var builtRowCount = 0
  }

  /// A paginated section's rows with its load-more row, and what they were made from.
  struct LoadMoreRows {
    /// The feed's rows (kept so that their storage is not reused while compared).
    var feedRows: [Row]
    var isLoading: Bool
    var rows: [Row]
  }

  /// What a failed batch's retry sends again.
  struct Retry {
    var requests: [ScreenRequest]
    var purpose: Purpose
    var intent: String
  }

  /// Why a batch was sent.
  enum Purpose: Hashable {
    case load(ScreenLoad)
    case more(SectionID)
    case send
    /// Confirms an optimistic change; `previous` is what a failure restores.
    case change(ScreenChange, previous: String?)
  }

  /// A batch in flight.
  struct Pending {
    var batch: RequestBatch
    var purpose: Purpose
    var retryIntent: String
    /// The tick of its screen's clock when it was sent.
    var requested: Int
    /// For a load-more page sent to refill a short one: the new items the load-more has shown
    /// so far, and how many pages it has sent again.
    var refill = Refill()
  }

  /// How far a load-more and the pages sent to refill it have got.
  struct Refill: Hashable {
    var shownItems = 0
    var pages = 0
  }

  /// The most pages one load-more sends to refill short ones.
  static let maximumRefills = 8

  var stack: [Entry]
  private var nextInstance = 2
  private var nextBatch = 1
  private var nextRequestNumber = 0
  private(set) var pending: [Int: Pending] = [:]
  let parameters: FeedParameters

  init(root: any Screen, parameters: FeedParameters) {
    self.parameters = parameters
    let ref = ScreenRef(instance: 1, name: root.name, depth: 0)
    stack = [Entry(ref: ref, screen: erase(root, parameters: parameters))]
  }

  /// The screen on top of the stack.
  var top: ScreenRef { stack[stack.count - 1].ref }

  /// The number of batches in flight.
  var inFlightCount: Int { pending.count }

  /// Whether a batch holding request number `number` of the session is in flight.
  func isInFlight(requestNumber number: Int) -> Bool {
    pending.values.contains { $0.batch.contains(requestNumber: number) }
  }

  // MARK: Inputs

  /// An intent arrived: apply it to the top screen now.
  mutating func received(_ intent: Intent) -> [Action] {
    apply(intent, at: stack.count - 1, depth: 0)
  }

  /// A batch's answers arrived, decoded, in request order: apply them together. Answers to a
  /// batch no longer in flight (cancelled, superseded, or its screen popped) are dropped.
  mutating func decoded(_ decoded: DecodedBatch) -> [Action] {
    guard let job = pending.removeValue(forKey: decoded.batch.id) else { return [] }
    guard let index = index(of: job.batch.screen) else { return [] }
    settle(job, at: index)
    var actions: [Action] = [.answered(decoded.fetched)]
    if let failure = decoded.failure {
      actions.append(.fail(failure, screen: job.batch.screen))
      return actions + failed(job, failure, at: index)
    }
    if case .change(let change, _) = job.purpose {
      // Confirmed: the change stays. Build only to take away an earlier error row.
      stack[index].screen.confirm(change)
      guard stack[index].screen.failure != nil else { return actions }
      stack[index].screen.failure = nil
      stack[index].retry = nil
      return actions + build(at: index)
    }
    var replacing = false
    var appendsPage = false
    switch job.purpose {
    case .load: replacing = true
    case .more: appendsPage = true
    case .send, .change: break
    }
    let answer = Answer(
      before: stack[index].screen,
      retry: Retry(requests: job.batch.screenRequests, purpose: job.purpose, intent: job.retryIntent),
      repeatsRows: appendsPage)
    guard let pages = decoded.pages,
      stack[index].screen.add(pages, slots: decoded.slots, replacing: replacing, requested: job.requested)
    else {
      let failure = PipelineFailure(
        .internal, stage: .decode, "decoded answer for \(job.batch.screen.name) is not its model type")
      actions.append(.fail(failure, screen: job.batch.screen))
      return actions + failed(job, failure, at: index)
    }
    stack[index].screen.isLoading = false
    stack[index].screen.failure = nil
    stack[index].retry = nil
    if replacing { stack[index].dropsRepeatedRows = false }
    let before = appendsPage ? RowCounts(of: stack[index]) : RowCounts()
    actions += build(at: index, answer: answer)
    return actions + refill(after: job, before: before, at: index)
  }

  /// A load-more page that came back short is followed at once by the next page, if the
  /// screen has one that is not the page just answered: a page that showed nothing new (every
  /// row a repeat of one shown, the list having moved under the offsets), and, when the
  /// screen says how many items its page holds and the request how many it asked for, a page
  /// that showed fewer new items than that (some repeats dropped, or fewer answered), until
  /// the load-more has shown a page's worth (at most `maximumRefills` pages).
  private mutating func refill(after job: Pending, before: RowCounts, at index: Int) -> [Action] {
    guard case .more(let section) = job.purpose, stack[index].screen.failure == nil,
      stack[index].moreBatches[section] == nil, !stack[index].screen.collapsedSections.contains(section),
      job.refill.pages < Self.maximumRefills,
      let next = stack[index].screen.nextPage(of: section), [next] != job.batch.screenRequests
    else { return [] }
    let after = RowCounts(of: stack[index])
    let shownRows = after.shown - before.shown
    var refill = job.refill
    if shownRows > 0 {
      // Short: fewer new items than the page asked for. The rows the page brought that
      // were dropped as repeats tell which share of its items was new.
      guard job.batch.screenRequests.count == 1, let request = job.batch.screenRequests.first,
        let size = request.requestedPageSize,
        let items = stack[index].screen.itemCount(ofNewestPageIn: request.slot)
      else { return [] }
      let broughtRows = after.built - before.built
      refill.shownItems += broughtRows > shownRows ? items * shownRows / broughtRows : items
      guard refill.shownItems < size else { return [] }
    }
    refill.pages += 1
    return [start([next], at: index, purpose: .more(section), retry: job.retryIntent, refill: refill)]
      + build(at: index)
  }

  /// The rows of a screen's last build: those the feed built, and those shown (repeats
  /// dropped), load-more and status rows not counted.
  struct RowCounts {
    var built = 0
    var shown = 0

    init() {}

    init(of entry: Entry) {
      built = entry.builtRowCount
      for section in entry.content {
        shown += section.rows.count - (section.rows.last?.kind == StatusRows.loadMoreKind ? 1 : 0)
      }
    }
  }

  // MARK: Batches

  /// Starts a batch for the screen at `index`.
  mutating func start(
    _ requests: [ScreenRequest], at index: Int, purpose: Purpose, retry: String, refill: Refill = Refill()
  ) -> Action {
    let batch = RequestBatch(
      id: nextBatch, screen: stack[index].ref, firstRequestNumber: nextRequestNumber, requests: requests,
      decoder: purpose.confirmsChange ? StatusOnlyDecoder() : stack[index].screen.decoder(for: requests))
    nextBatch += 1
    nextRequestNumber += requests.count
    pending[batch.id] = Pending(
      batch: batch, purpose: purpose, retryIntent: retry, requested: stack[index].screen.tick(),
      refill: refill)
    switch purpose {
    case .load: stack[index].loadBatch = batch.id
    case .more(let section): stack[index].moreBatches[section] = batch.id
    case .send, .change: break
    }
    return .start(batch)
  }

  /// Cancels a batch in flight; its late answers will be dropped.
  mutating func cancel(batch id: Int, reason: String) -> Action? {
    guard let job = pending.removeValue(forKey: id) else { return nil }
    if let index = index(of: job.batch.screen) { settle(job, at: index) }
    return .cancel(job.batch, reason: reason)
  }

  /// Forgets a batch's in-flight marks on its screen.
  private mutating func settle(_ job: Pending, at index: Int) {
    switch job.purpose {
    case .load:
      if stack[index].loadBatch == job.batch.id { stack[index].loadBatch = nil }
    case .more(let section):
      if stack[index].moreBatches[section] == job.batch.id { stack[index].moreBatches[section] = nil }
    case .send, .change:
      break
    }
  }

  private mutating func failed(_ job: Pending, _ failure: PipelineFailure, at index: Int) -> [Action] {
    if case .change(let change, let previous) = job.purpose {
      // The optimistic change is taken back: presented as the reverse move, with the error row.
      stack[index].screen.revert(change.key, to: previous)
    }
    stack[index].screen.isLoading = false
    stack[index].screen.failure = failure
    stack[index].retry = Retry(
      requests: job.batch.screenRequests, purpose: job.purpose, intent: job.retryIntent)
    return build(at: index)
  }

  func index(of screen: ScreenRef) -> Int? {
    stack.lastIndex { $0.ref.instance == screen.instance }
  }

  mutating func makeRef(for screen: any Screen) -> ScreenRef {
    defer { nextInstance += 1 }
    return ScreenRef(instance: nextInstance, name: screen.name, depth: stack.count)
  }
}
