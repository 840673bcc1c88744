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

  static func jobs(_ actions: [TransformStateMachine.Action]) -> [RequestBatch] {
    actions.compactMap { if case .start(let batch) = $0 { batch } else { nil } }
  }

  static func builds(_ actions: [TransformStateMachine.Action]) -> [BuiltSnapshot] {
    actions.compactMap { if case .build(let built) = $0 { built } else { nil } }
  }

  static func snapshots(_ actions: [TransformStateMachine.Action]) -> [TableSnapshot] {
    builds(actions).map(\.snapshot)
  }

  static func navigations(_ actions: [TransformStateMachine.Action]) -> [Navigation] {
    actions.compactMap { if case .navigate(let navigation) = $0 { navigation } else { nil } }
  }

  static func cancelled(_ actions: [TransformStateMachine.Action]) -> [(RequestBatch, String)] {
    actions.compactMap { if case .cancel(let batch, let reason) = $0 { (batch, reason) } else { nil } }
  }

  /// The batch's answers, decoded.
  static func answer(_ batch: RequestBatch, _ models: [ItemPage]) -> DecodedBatch {
    let results = batch.requests.map { _ in
      Result<TransportResponse, TransportError>.success(TransportResponse(status: 200, body: []))
    }
    return DecodedBatch(
      fetched: FetchedBatch(batch: batch, results: results, failure: nil), failure: nil,
      pages: TypedPages(models: models))
  }

  /// The batch failed with `failure`.
  static func failure(_ batch: RequestBatch, _ failure: PipelineFailure) -> DecodedBatch {
    let results = batch.requests.map { _ in
      Result<TransportResponse, TransportError>.failure(TransportError(.unreachable, failure.message))
    }
    return DecodedBatch(
      fetched: FetchedBatch(batch: batch, results: results, failure: failure), failure: failure, pages: nil)
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
    #expect(job.requests.map(\.relativeURL) == ["/items?start=0&count=2"])
    let loaded = machine.decoded(Self.answer(job, [Self.page]))
    #expect(
      Self.rowIDs(Self.snapshots(loaded).first) == ["item-0", "item-1", "tableflow.more.items", "site"])
  }

  @Test("a failed first load shows an error row whose selection retries the same requests")
  func failedLoadRetries() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    let failure = PipelineFailure(.network, stage: .fetch, "HTTP 500 for GET /items")
    let failed = machine.decoded(Self.failure(job, failure))
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
    _ = machine.decoded(Self.answer(job, [Self.page]))
    let refresh = machine.received(.refresh)
    #expect(
      Self.rowIDs(Self.snapshots(refresh).first) == [
        "item-0", "item-1", "tableflow.more.items", "site", "tableflow.refreshing",
      ])
    let refreshJob = try #require(Self.jobs(refresh).first)
    let failed = machine.decoded(
      Self.failure(refreshJob, PipelineFailure(.network, stage: .fetch, "timed out")))
    #expect(
      Self.rowIDs(Self.snapshots(failed).first) == [
        "item-0", "item-1", "tableflow.more.items", "site", "tableflow.error",
      ])
  }

  @Test("collapse keeps the header and drops the rows; expand brings them back")
  func collapseExpand() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(Self.answer(job, [Self.page]))
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
    _ = machine.decoded(Self.answer(job, [Self.page]))
    let pushed = machine.received(.select("item-1"))
    guard let built = Self.builds(pushed).first,
      case .pushed(let detail, let from)? = built.navigation?.change
    else {
      Issue.record("expected the detail's first snapshot with its push")
      return
    }
    #expect(detail.name == "detail")
    #expect(from.name == "list")
    #expect(built.screen == detail)
    #expect(Self.jobs(pushed).first?.requests.map(\.path) == ["/items/item-1"])
    guard case .popped(_, let revealed)? = Self.navigations(machine.received(.back)).first?.change else {
      Issue.record("expected a pop")
      return
    }
    #expect(revealed.name == "list")
  }

  @Test("a link row opens its link and stays on the screen")
  func openLink() throws {
    var machine = Self.machine()
    let job = try #require(Self.jobs(machine.received(.load)).first)
    _ = machine.decoded(Self.answer(job, [Self.page]))
    guard case .openedLink(let link, _)? = Self.navigations(machine.received(.select("site"))).first?.change
    else {
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
    let actions = machine.decoded(Self.answer(job, [twice]))
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
    let actions = machine.decoded(Self.answer(job, [bad]))
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
    #expect(Self.rowIDs(Self.snapshots(machine.decoded(Self.answer(job, [none]))).first) == ["site"])
  }
}

/// A screen with nothing to show and no requests.
struct EmptyScreen: Screen {
  typealias Model = [String]
  var name: String { "empty" }
  func sections(for state: ScreenState<[String]>) throws -> [Section] { [] }
}

/// The rules for work in flight, one event per line.
@Suite("TransformStateMachine in flight")
struct TransformInFlightTests {
  typealias T = TransformStateMachineTests

  static func loaded() throws -> TransformStateMachine {
    var machine = T.machine()
    let job = try #require(T.jobs(machine.received(.load)).first)
    _ = machine.decoded(T.answer(job, [T.page]))
    return machine
  }

  @Test("a load-more in flight shows its row loading, until the page arrives")
  func loadMoreRowLoading() throws {
    var machine = try Self.loaded()
    let started = machine.received(.loadMore("items"))
    let more = try #require(T.jobs(started).first)
    let loading = try #require(T.snapshots(started).first?.sections[0].rows.last)
    #expect(loading.id == "tableflow.more.items")
    #expect(loading.fields == [Field("text", .text("Loading more…"))])
    let page = ItemPage(items: [Item(id: "item-2", title: "Two")], total: 4)
    let arrived = try #require(T.snapshots(machine.decoded(T.answer(more, [page]))).first)
    #expect(arrived.sections[0].rows.last?.fields == [Field("text", .text("Load more"))])
  }

  @Test("collapse while a load-more is in flight is presented at once; the page arrives later")
  func collapseDuringLoadMore() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    let collapsed = try #require(T.snapshots(machine.received(.collapse("items"))).first)
    #expect(collapsed.sections[0].isCollapsed)
    #expect(machine.inFlightCount == 1)
    let page = ItemPage(items: [Item(id: "item-2", title: "Two")], total: 3)
    let arrived = try #require(T.snapshots(machine.decoded(T.answer(more, [page]))).first)
    #expect(arrived.sections[0].isCollapsed)
    #expect(machine.inFlightCount == 0)
  }

  @Test("a second load-more for a section already loading is ignored")
  func secondLoadMoreIgnored() throws {
    var machine = try Self.loaded()
    #expect(T.jobs(machine.received(.loadMore("items"))).count == 1)
    let again = machine.received(.loadMore("items"))
    guard case .ignored(.loadMore("items"), _, let reason)? = again.first else {
      Issue.record("expected the intent to be ignored")
      return
    }
    #expect(reason == "items is already loading its next page")
    #expect(T.jobs(again).isEmpty)
    let viaRow = machine.received(.select("tableflow.more.items"))
    guard case .ignored? = viaRow.last else {
      Issue.record("expected the row's load-more to be ignored")
      return
    }
  }

  @Test("back cancels the popped screen's requests; their late answers are dropped")
  func backCancels() throws {
    var machine = try Self.loaded()
    let detail = try #require(T.jobs(machine.received(.select("item-0"))).first)
    let back = machine.received(.back)
    #expect(T.cancelled(back).map(\.0.id) == [detail.id])
    #expect(T.cancelled(back).map(\.1) == ["detail popped"])
    #expect(machine.decoded(T.answer(detail, [])).isEmpty)
    #expect(machine.stack.count == 1)
  }

  @Test("refresh supersedes a load in flight; the superseded answer is dropped")
  func refreshSupersedes() throws {
    var machine = T.machine()
    let load = try #require(T.jobs(machine.received(.load)).first)
    let refresh = machine.received(.refresh)
    #expect(T.cancelled(refresh).map(\.1) == ["superseded by refresh"])
    let fresh = try #require(T.jobs(refresh).first)
    #expect(machine.decoded(T.answer(load, [T.page])).isEmpty)
    #expect(T.rowIDs(T.snapshots(machine.decoded(T.answer(fresh, [T.page]))).first).first == "item-0")
  }

  @Test("requests are numbered in the order they start, across batches")
  func requestNumbers() throws {
    var machine = T.machine()
    let load = try #require(T.jobs(machine.received(.load)).first)
    _ = machine.decoded(T.answer(load, [T.page]))
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    #expect(load.firstRequestNumber == 0)
    #expect(more.firstRequestNumber == 1)
    #expect(machine.isInFlight(requestNumber: 1))
    #expect(!machine.isInFlight(requestNumber: 0))
  }
}
