import TableCore
import Testing

@testable import TableFlow

/// Rows keyed by title, so that two items of one title share a row id.
private struct TitledScreen: Screen {
  var policy: DuplicateIDPolicy
  var hidesEmpty = false
  var name: String { "titled" }
  var duplicateIDPolicy: DuplicateIDPolicy { policy }
  var hidesEmptySections: Bool { hidesEmpty }

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    [.get("/items", query: ["start": "0", "count": "9"], slot: "items")]
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    let items = state.pages(in: "items").last?.items ?? []
    return [
      Section(id: "top", rows: [Row(id: "header", kind: "text", model: TitleModel(title: "Top"))]),
      Section(
        id: "s", header: "S",
        rows: items.map { Row(id: RowID($0.title), kind: "text", model: TitleModel(title: $0.id)) }),
    ]
  }

  func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<ItemPage>
  ) -> [String?] {
    positions.map { $0.section == 1 ? "entry \($0.row) of page items/0" : nil }
  }
}

@Suite("TransformStateMachine duplicates and hidden sections")
struct TransformStateMachineDuplicateTests {
  typealias Machine = TransformStateMachine

  static func page(_ titles: String...) -> ItemPage {
    ItemPage(
      items: titles.enumerated().map { Item(id: "item-\($0.offset)", title: $0.element) }, total: titles.count
    )
  }

  static func lines(_ actions: [Machine.Action]) -> [String] {
    actions.flatMap { action -> [String] in
      if case .reportDuplicates(let reports, _) = action { return reports.map(\.line) }
      return []
    }
  }

  static func failures(_ actions: [Machine.Action]) -> [PipelineFailure] {
    actions.compactMap { if case .fail(let failure, _) = $0 { failure } else { nil } }
  }

  static func lastSnapshot(_ actions: [Machine.Action]) -> TableSnapshot? {
    actions.compactMap { if case .build(let built) = $0 { built.snapshot } else { nil } }.last
  }

  static func job(_ actions: [Machine.Action]) -> RequestBatch? {
    actions.compactMap { if case .start(let batch) = $0 { batch } else { nil } }.first
  }

  /// The batch answered with `page`.
  static func answer(_ batch: RequestBatch, _ page: ItemPage) -> DecodedBatch {
    TransformStateMachineTests.answer(batch, [page])
  }

  @Test("keepFirst: the repeat is dropped and reported once, with the screen's origin")
  func keepFirstReportsOnce() throws {
    var machine = Machine(root: TitledScreen(policy: .keepFirst), parameters: [:])
    let load = try #require(Self.job(machine.received(.load)))
    let loaded = machine.decoded(Self.answer(load, Self.page("A", "B", "A")))
    #expect(Self.lines(loaded) == ["dropped duplicate row 'A' (entry 2 of page items/0)"])
    #expect(Self.lastSnapshot(loaded)?.sections[1].rows.map(\.id) == ["A", "B"])
    #expect(Self.failures(loaded).isEmpty)
    #expect(Self.lines(machine.received(.collapse("s"))).isEmpty)
    #expect(Self.lines(machine.received(.expand("s"))).isEmpty)
    let refresh = try #require(Self.job(machine.received(.refresh)))
    #expect(
      Self.lines(machine.decoded(Self.answer(refresh, Self.page("A", "B", "A", "B")))) == [
        "dropped duplicate row 'B' (entry 3 of page items/0)"
      ])
  }

  @Test("disambiguate: the repeat is renamed id#2 and reported")
  func disambiguateRenames() throws {
    var machine = Machine(root: TitledScreen(policy: .disambiguate), parameters: [:])
    let load = try #require(Self.job(machine.received(.load)))
    let loaded = machine.decoded(Self.answer(load, Self.page("A", "A")))
    #expect(Self.lines(loaded) == ["renamed duplicate row 'A' to 'A#2' (entry 1 of page items/0)"])
    #expect(Self.lastSnapshot(loaded)?.sections[1].rows.map(\.id) == ["A", "A#2"])
  }

  @Test("reject: a duplicate is a data failure shown as an error row")
  func rejectFails() throws {
    var machine = Machine(root: TitledScreen(policy: .reject), parameters: [:])
    let load = try #require(Self.job(machine.received(.load)))
    let loaded = machine.decoded(Self.answer(load, Self.page("A", "A")))
    #expect(Self.failures(loaded).map(\.category) == [.data])
    #expect(Self.lines(loaded).isEmpty)
    #expect(Self.lastSnapshot(loaded)?.sections.last?.rows.first?.id == StatusRows.errorID)
  }

  @Test("a collapsed section that has no rows any more is hidden, not kept as a header")
  func collapsedEmptySectionHidden() throws {
    var machine = Machine(root: TitledScreen(policy: .reject, hidesEmpty: true), parameters: [:])
    let load = try #require(Self.job(machine.received(.load)))
    _ = machine.decoded(Self.answer(load, Self.page("A")))
    let collapsed = try #require(Self.lastSnapshot(machine.received(.collapse("s"))))
    #expect(collapsed.sections.map(\.id) == ["top", "s"])
    #expect(collapsed.sections[1].isCollapsed)
    let refresh = try #require(Self.job(machine.received(.refresh)))
    let emptied = try #require(Self.lastSnapshot(machine.decoded(Self.answer(refresh, Self.page()))))
    #expect(emptied.sections.map(\.id) == ["top"])
  }
}
