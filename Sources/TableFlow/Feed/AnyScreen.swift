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
  func sections() throws -> [Section]
  func route(_ row: Row) -> Route
  var decoder: @Sendable ([UInt8]) throws -> any Sendable { get }
  /// Adds decoded answers; returns `false` when one is not of the screen's model type.
  mutating func add(_ answers: [(slot: String, model: any Sendable)], replacing: Bool) -> Bool
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
  func sections() throws -> [Section] { try screen.sections(for: state) }
  func route(_ row: Row) -> Route { screen.route(row, state: state) }
  var decoder: @Sendable ([UInt8]) throws -> any Sendable {
    let screen = screen
    return { try screen.decode($0) }
  }

  mutating func add(_ answers: [(slot: String, model: any Sendable)], replacing: Bool) -> Bool {
    var typed: [(slot: String, model: Wrapped.Model)] = []
    for answer in answers {
      guard let model = answer.model as? Wrapped.Model else { return false }
      typed.append((answer.slot, model))
    }
    state.add(typed, replacing: replacing)
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
