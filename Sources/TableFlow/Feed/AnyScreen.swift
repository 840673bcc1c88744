import TableCore

/// A screen together with its state, with the model type erased so screens of different
/// types can share a navigation stack.
protocol ErasedScreen: Sendable {
  var name: String { get }
  var collapsedSections: Set<SectionID> { get set }
  var isLoading: Bool { get set }
  var failure: PipelineFailure? { get set }
  var isEmpty: Bool { get }
  var hidesEmptySections: Bool { get }
  var duplicateIDPolicy: DuplicateIDPolicy { get }
  func origins(ofRowsAt positions: [RowPosition], in sections: [Section]) -> [String?]
  func requests(for load: ScreenLoad) -> [ScreenRequest]
  func nextPage(of section: SectionID) -> ScreenRequest?
  func itemCount(ofNewestPageIn slot: String) -> Int?
  func sections() throws -> [Section]
  /// Forgets the memoised rows the last ``sections()`` did not use.
  func sweepRows()
  func route(_ row: Row) -> Route
  func route(action name: String, in row: Row) -> Route?
  func field(_ row: Row) -> FormField?
  mutating func setText(_ text: String, of row: RowID)
  mutating func setSwitch(_ isOn: Bool, of row: RowID)
  /// Records a change; the value it replaces.
  mutating func apply(_ change: ScreenChange) -> String?
  mutating func revert(_ key: String, to previous: String?)
  /// Decodes the bodies of `requests` into this screen's model type, or into the model a
  /// request names.
  func decoder(for requests: [ScreenRequest]) -> any PageDecoder
  /// Adds decoded pages to their slots; returns `false` when they are not of the screen's
  /// model type (they were decoded for another screen).
  /// `requested`: the tick of the screen's clock at which their batch was sent.
  mutating func add(_ pages: any DecodedPages, slots: [String], replacing: Bool, requested: Int?) -> Bool
  /// The next tick of the screen's clock (``ScreenState/order(of:relativeToNewestPageIn:)``).
  mutating func tick() -> Int
  /// Marks a change as confirmed by the backend.
  mutating func confirm(_ change: ScreenChange)
}

/// Wraps a screen of known type and its typed state.
struct ScreenHolder<Wrapped: Screen>: ErasedScreen {
  let screen: Wrapped
  var state: ScreenState<Wrapped.Model>

  init(_ screen: Wrapped, parameters: FeedParameters) {
    self.screen = screen
    self.state = ScreenState(parameters: parameters)
  }

  var name: String { screen.name }
  var collapsedSections: Set<SectionID> {
    get { state.collapsedSections }
    set { state.collapsedSections = newValue }
  }
  var isLoading: Bool {
    get { state.isLoading }
    set { state.isLoading = newValue }
  }
  var failure: PipelineFailure? {
    get { state.failure }
    set { state.failure = newValue }
  }
  var isEmpty: Bool { state.isEmpty }
  var hidesEmptySections: Bool { screen.hidesEmptySections }
  var duplicateIDPolicy: DuplicateIDPolicy { screen.duplicateIDPolicy }
  func origins(ofRowsAt positions: [RowPosition], in sections: [Section]) -> [String?] {
    screen.origins(ofRowsAt: positions, in: sections, state: state)
  }
  func requests(for load: ScreenLoad) -> [ScreenRequest] { screen.requests(for: load, state: state) }
  func nextPage(of section: SectionID) -> ScreenRequest? { screen.nextPage(of: section, state: state) }
  func itemCount(ofNewestPageIn slot: String) -> Int? { screen.itemCount(ofNewestPageIn: slot, state: state) }
  func sections() throws -> [Section] { try screen.sections(for: state) }
  func sweepRows() { state.rowMemo.sweep() }
  func route(_ row: Row) -> Route { screen.route(row, state: state) }
  func route(action name: String, in row: Row) -> Route? { screen.route(action: name, in: row, state: state) }
  func field(_ row: Row) -> FormField? { screen.field(row, state: state) }
  mutating func setText(_ text: String, of row: RowID) { state.texts[row] = text }
  mutating func setSwitch(_ isOn: Bool, of row: RowID) { state.switches[row] = isOn }
  mutating func apply(_ change: ScreenChange) -> String? { state.apply(change) }
  mutating func revert(_ key: String, to previous: String?) { state.revert(key, to: previous) }
  func decoder(for requests: [ScreenRequest]) -> any PageDecoder {
    ScreenPageDecoder(screen: screen, decodings: requests.map(\.decoding))
  }

  mutating func tick() -> Int { state.tick() }
  mutating func confirm(_ change: ScreenChange) { state.confirm(change) }

  mutating func add(_ pages: any DecodedPages, slots: [String], replacing: Bool, requested: Int?) -> Bool {
    // The pages were made by this screen type's decoder, so this is a check, not a conversion.
    guard let typed = pages as? TypedPages<Wrapped.Model>, typed.pages.count == slots.count else {
      return false
    }
    state.add(
      zip(slots, typed.pages).map { (slot: $0, page: $1) }, replacing: replacing, requested: requested)
    return true
  }
}

/// Wraps any screen with a fresh state.
func erase(_ screen: any Screen, parameters: FeedParameters) -> any ErasedScreen {
  func open<Wrapped: Screen>(_ screen: Wrapped) -> any ErasedScreen {
    ScreenHolder(screen, parameters: parameters)
  }
  return open(screen)
}

/// Decodes bodies with a screen's own `decode(_:)`, straight into its `Model`, or into the
/// model a request names (``ScreenRequest/decoding``).
struct ScreenPageDecoder<Wrapped: Screen>: PageDecoder {
  let screen: Wrapped
  /// Per request, in order: the model it names, or `nil` for the screen's.
  var decodings: [ModelDecoding?] = []

  func decode(_ responses: [ReceivedResponse]) async -> Result<any DecodedPages, PipelineFailure> {
    let screen = screen
    let decodings = decodings
    let machine = DecodeStateMachine()
    @Sendable func decodeOne(
      _ index: Int, _ received: ReceivedResponse
    ) -> Result<
      [DecodedPage<Wrapped.Model>], PipelineFailure
    > {
      StringReuse.decoding(key: "\(received.request.method) \(received.request.relativeURL)") {
        if index < decodings.count, let decoding = decodings[index] {
          return machine.decode([received]) { body in
            DecodedPage<Wrapped.Model>.other(try decoding.decode(body))
          }
        }
        return machine.decode([received], received: { DecodedPage.model(try screen.decode(received: $0)) })
      }
    }
    guard responses.count > 1 else {
      return responses.first.map { decodeOne(0, $0) }.map { result in result.map { TypedPages(pages: $0) } }
        ?? .success(TypedPages<Wrapped.Model>(pages: []))
    }
    // Several bodies: decode them in parallel, then settle in request order.
    let results = await withTaskGroup(of: (Int, Result<[DecodedPage<Wrapped.Model>], PipelineFailure>).self) {
      group in
      for (index, received) in responses.enumerated() {
        group.addTask { (index, decodeOne(index, received)) }
      }
      var results = [Result<[DecodedPage<Wrapped.Model>], PipelineFailure>?](
        repeating: nil, count: responses.count)
      for await (index, result) in group { results[index] = result }
      return results
    }
    var pages: [DecodedPage<Wrapped.Model>] = []
    pages.reserveCapacity(responses.count)
    for result in results {
      switch result {
      case .success(let decoded)?: pages.append(contentsOf: decoded)
      case .failure(let failure)?: return .failure(failure)
      case nil: return .failure(PipelineFailure(.internal, stage: .decode, "a body was not decoded"))
      }
    }
    return .success(TypedPages(pages: pages))
  }
}
