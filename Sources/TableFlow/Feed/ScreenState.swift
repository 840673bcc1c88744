import TableCore

/// What a screen knows when it builds its table: the decoded answers loaded so far and its
/// presentation state.
public struct ScreenState<Model: Sendable>: Sendable {
  /// The feed's parameters.
  public let parameters: FeedParameters
  /// The decoded answers per slot, in the order they were loaded (page 1, page 2, …). The
  /// pipeline sets it; a test or a benchmark may too, to build the screen's next table as the
  /// pipeline would (the copies of a state share the rows memoised by ``rows(_:of:row:)``).
  public var pages: [String: [Model]] = [:]
  /// The sections the user collapsed.
  public internal(set) var collapsedSections: Set<SectionID> = []
  /// Whether a first load is in flight (no answer yet).
  public internal(set) var isLoading = false
  /// The last failure, until the next successful load of any kind.
  public internal(set) var failure: PipelineFailure?
  /// What was typed into text fields (`edit` intents), by row id. The pipeline sets it; a test
  /// may too.
  public var texts: [RowID: String] = [:]
  /// Switches the user flipped (`toggle` intents), by row id: their value now.
  public var switches: [RowID: Bool] = [:]
  /// The screen's own changes (``Route/change(_:send:)``), in the order they were made; a
  /// change of a key already changed replaces it and moves last.
  public var changes: [ScreenChange] = []
  /// Answers of requests that named their own model (``ScreenRequest/decoding(as:using:)``), per
  /// slot, oldest first.
  var otherPages: [String: [any Sendable]] = [:]
  /// The rows built by ``rows(_:of:row:)`` and ``rows(_:ofPages:build:)``, for the next build.
  @usableFromInline let rowMemo = RowMemo()
  /// The screen's own order of requests, answers and changes: one tick each.
  var clock = 0
  /// When each change was made and confirmed, by key; the last is the current one (a change
  /// replaced by another of its key stays below it, for a failure to restore).
  var changeTimes: [String: [ChangeTimes]] = [:]
  /// When the newest page of each slot was requested and applied.
  var newestPageTimes: [String: PageTimes] = [:]

  /// Creates a state with no answers, as a screen sees it before its first load.
  public init(parameters: FeedParameters = [:]) {
    self.parameters = parameters
  }

  /// Creates a state as a screen would see it after the pipeline loaded `pages`: for unit tests
  /// of a screen's `sections(for:)`, `nextPage(of:state:)` and `route(_:state:)` without a
  /// pipeline.
  ///
  /// ```swift
  /// let state = ScreenState(pages: ["wish": [page1, page2]], collapsedSections: ["read"])
  /// #expect(screen.nextPage(of: "wish", state: state)?.request.query.first?.value == "40")
  /// ```
  /// - Parameters:
  ///   - parameters: The feed's parameters.
  ///   - pages: The decoded answers per slot, oldest first (`main` for a single request).
  ///   - collapsedSections: The sections the user collapsed.
  ///   - isLoading: Whether a first load is in flight.
  ///   - failure: The last failure, if the screen shows one.
  public init(
    parameters: FeedParameters = [:], pages: [String: [Model]], collapsedSections: Set<SectionID> = [],
    isLoading: Bool = false, failure: PipelineFailure? = nil
  ) {
    self.parameters = parameters
    self.pages = pages
    self.collapsedSections = collapsedSections
    self.isLoading = isLoading
    self.failure = failure
  }

  /// The answers loaded into `slot`, oldest first.
  public func pages(in slot: String) -> [Model] { pages[slot] ?? [] }

  /// The answers of requests that decoded into `type` (``ScreenRequest/decoding(as:using:)``)
  /// loaded into `slot`, oldest first.
  public func pages<Other>(in slot: String, as type: Other.Type) -> [Other] {
    (otherPages[slot] ?? []).compactMap { $0 as? Other }
  }

  /// The newest answer in the `main` slot: what a screen with one request shows.
  public var model: Model? { pages["main"]?.last }

  /// Whether nothing has been loaded yet.
  public var isEmpty: Bool {
    pages.values.allSatisfy(\.isEmpty) && otherPages.values.allSatisfy(\.isEmpty)
  }

  /// What was typed into the text field `row`, or `""`.
  public func text(of row: RowID) -> String { texts[row] ?? "" }

  /// The value of the change of `key`, if the screen made one.
  public func change(of key: String) -> String? { changes.last { $0.key == key }?.value }

  /// Records `change`, replacing any change of its key; returns the value it replaces.
  @discardableResult
  mutating func apply(_ change: ScreenChange) -> String? {
    let previous = self.change(of: change.key)
    changes.removeAll { $0.key == change.key }
    changes.append(change)
    let made = tick()
    changeTimes[change.key, default: []].append(ChangeTimes(value: change.value, made: made))
    return previous
  }

  /// Takes back the change of `key`, restoring `previous` (or no change).
  mutating func revert(_ key: String, to previous: String?) {
    if let current = change(of: key), var times = changeTimes[key],
      let index = times.lastIndex(where: { $0.value == current })
    {
      times.remove(at: index)
      changeTimes[key] = times.isEmpty ? nil : times
    }
    changes.removeAll { $0.key == key }
    if let previous { changes.append(ScreenChange(key: key, value: previous)) }
  }

  /// Adds answers in order; a refresh first forgets everything loaded before.
  mutating func add(_ answers: [(slot: String, model: Model)], replacing: Bool) {
    add(answers.map { (slot: $0.slot, page: .model($0.model)) }, replacing: replacing)
  }

  /// Adds answers, noting when their request was sent (`requested`, a tick of `clock`; now
  /// when `nil`) and when they arrived, for ``order(of:relativeToNewestPageIn:)``.
  mutating func add(
    _ answers: [(slot: String, page: DecodedPage<Model>)], replacing: Bool, requested: Int?
  ) {
    let received = tick()
    add(answers, replacing: replacing)
    if replacing { newestPageTimes = [:] }
    for answer in answers {
      newestPageTimes[answer.slot] = PageTimes(requested: requested ?? received, received: received)
    }
  }

  /// Adds answers of the screen's model and of other models in order; a refresh first forgets
  /// everything loaded before.
  mutating func add(_ answers: [(slot: String, page: DecodedPage<Model>)], replacing: Bool) {
    if replacing {
      pages = [:]
      otherPages = [:]
    }
    for answer in answers {
      switch answer.page {
      case .model(let model): pages[answer.slot, default: []].append(model)
      case .other(let other): otherPages[answer.slot, default: []].append(other)
      }
    }
  }
}
