import TableCore
import Testing

@testable import TableFlow

@Suite("TransformStateMachine")
struct TransformStateMachineTests {
  static let page = ItemPage(
    items: [Item(id: "item-0", title: "Zero"), Item(id: "item-1", title: "One")], total: 3)

  static func machine() -> TransformStateMachine {
    TransformStateMachine(root: ItemListScreen(), parameters: [:])
  }

  static func jobs(_ actions: [TransformStateMachine.Action]) -> [FetchJob] {
    actions.compactMap { if case .fetch(let job) = $0 { job } else { nil } }
  }

  static func snapshots(_ actions: [TransformStateMachine.Action]) -> [TableSnapshot] {
    actions.compactMap { if case .build(let built, _) = $0 { built.snapshot } else { nil } }
  }

  static func failures(_ actions: [TransformStateMachine.Action]) -> [PipelineFailure] {
    actions.compactMap { if case .fail(let failure, _) = $0 { failure } else { nil } }
  }

  static func rowIDs(_ snapshot: TableSnapshot?) -> [String] {
    snapshot?.sections.flatMap(\.rows).map(\.id.rawValue) ?? []
  }

  @Test("load: a loading snapshot, then one fetch; the answer replaces the loading row")
  func load() throws {
    var machine = Self.machine()
    let loading = machine.received(.load)
    #expect(Self.rowIDs(Self.snapshots(loading).first) == ["tableflow.loading"])
    let job = try #require(Self.jobs(loading).first)
    #expect(job.requests.map(\.request.relativeURL) == ["/items?start=0&count=2"])
    let loaded = machine.decoded(job: job.id, models: [Self.page])
    #expect(
      Self.rowIDs(Self.snapshots(loaded).first) == ["item-0", "item-1", "tableflow.more.items", "site"])
  }

  @Test("a failed first load shows an error row whose selection retries the same requests")
  func failedLoadRetries() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    let failure = PipelineFailure(.network, stage: .fetch, "HTTP 500 for GET /items")
    let failed = machine.fetchFailed(job: job.id, failure)
    let errorRow = try #require(Self.snapshots(failed).first?.sections.last?.rows.first)
    #expect(errorRow.id == StatusRows.errorID)
    #expect(errorRow.fields.contains(Field("retry", .text("load"))))
    let retry = try #require(Self.jobs(machine.received(.select(StatusRows.errorID))).first)
    #expect(retry.requests == job.requests)
  }

  @Test("a failed refresh keeps the previous content and adds the error row")
  func failedRefreshKeepsContent() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(job: job.id, models: [Self.page])
    let refresh = machine.received(.refresh)
    #expect(Self.snapshots(refresh).isEmpty)
    let refreshJob = try #require(Self.jobs(refresh).first)
    let failed = machine.fetchFailed(
      job: refreshJob.id, PipelineFailure(.network, stage: .fetch, "timed out"))
    #expect(
      Self.rowIDs(Self.snapshots(failed).first) == [
        "item-0", "item-1", "tableflow.more.items", "site", "tableflow.error",
      ])
  }

  @Test("collapse keeps the header and drops the rows; expand brings them back")
  func collapseExpand() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(job: job.id, models: [Self.page])
    let collapsed = try #require(Self.snapshots(machine.received(.collapse("items"))).first)
    #expect(collapsed.sections[0].isCollapsed)
    #expect(collapsed.sections[0].header == "Items")
    #expect(collapsed.sections[0].rows.isEmpty)
    let expanded = try #require(Self.snapshots(machine.received(.expand("items"))).first)
    #expect(expanded.sections[0].rows.count == 3)
  }

  @Test("intents naming missing rows or sections are data failures, nothing else happens")
  func unknownIDs() {
    var machine = Self.machine()
    #expect(Self.failures(machine.received(.select("nope"))).map(\.category) == [.data])
    #expect(Self.failures(machine.received(.collapse("nope"))).map(\.category) == [.data])
    #expect(Self.failures(machine.received(.loadMore("nope"))).map(\.category) == [.data])
    #expect(Self.failures(machine.received(.back)).map(\.message) == ["back: already on the root screen"])
  }

  @Test("select pushes the routed screen, which loads at once; back reveals the list")
  func pushAndBack() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(job: job.id, models: [Self.page])
    let pushed = machine.received(.select("item-1"))
    guard case .build(let built, .pushed(let detail, let from))? = pushed.first else {
      Issue.record("expected the detail's first snapshot with its push")
      return
    }
    #expect(detail.name == "detail")
    #expect(from.name == "list")
    #expect(built.screen == detail)
    #expect(Self.jobs(pushed).first?.requests.map(\.request.path) == ["/items/item-1"])
    guard case .reveal(let revealed, _)? = machine.received(.back).first else {
      Issue.record("expected a reveal")
      return
    }
    #expect(revealed.name == "list")
  }

  @Test("a link row opens its link and stays on the screen")
  func openLink() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(job: job.id, models: [Self.page])
    guard case .navigate(.openedLink(let link, _))? = machine.received(.select("site")).first else {
      Issue.record("expected a link")
      return
    }
    #expect(link == "https://example.com")
  }

  @Test("duplicate ids from the backend are a visible data failure")
  func duplicateIDs() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    let twice = ItemPage(items: [Item(id: "x", title: "A"), Item(id: "x", title: "B")], total: 2)
    let actions = machine.decoded(job: job.id, models: [twice])
    let failure = try #require(Self.failures(actions).first)
    #expect(failure.category == .data)
    #expect(failure.message.contains("duplicate row id \"x\""))
    #expect(Self.rowIDs(Self.snapshots(actions).first) == ["tableflow.error"])
  }

  @Test("a transform that throws is an internal failure shown as an error row")
  func transformThrows() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    let bad = ItemPage(items: [Item(id: "x", title: "THROW")], total: 1)
    let actions = machine.decoded(job: job.id, models: [bad])
    #expect(Self.failures(actions).map(\.category) == [.internal])
    #expect(Self.rowIDs(Self.snapshots(actions).first) == ["tableflow.error"])
  }

  @Test("a table without rows shows the empty row; any row hides it")
  func empty() throws {
    var empty = TransformStateMachine(root: EmptyScreen(), parameters: [:])
    #expect(Self.rowIDs(Self.snapshots(empty.received(.load)).first) == ["tableflow.empty"])
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    let none = ItemPage(items: [], total: 0)
    #expect(Self.rowIDs(Self.snapshots(machine.decoded(job: job.id, models: [none])).first) == ["site"])
  }
}

/// A screen with nothing to show and no requests.
struct EmptyScreen: Screen {
  typealias Model = [String]
  var name: String { "empty" }
  func sections(for state: ScreenState<[String]>) throws -> [Section] { [] }
}
