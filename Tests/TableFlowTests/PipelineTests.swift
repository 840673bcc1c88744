import TableCore
import Testing

@testable import TableFlow

@Suite("Pipeline", .timeLimit(.minutes(5)))
struct PipelineTests {
  static func session(
    _ intents: [Intent], transport: StubTransport = StubTransport(),
    options: PipelineOptions = PipelineOptions()
  ) async throws -> (log: String, outcome: SessionOutcome, events: [BusEvent]) {
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport, options: options)
    var writer = TextLogWriter()
    var log = ""
    var events: [BusEvent] = []
    let outcome = await pipeline.run(intents) { event in
      events.append(event)
      log += writer.text(for: event)
    }
    return (log, outcome, events)
  }

  static func presented(_ events: [BusEvent]) -> [PresentedUpdate] {
    events.compactMap(\.event.presentedUpdate)
  }

  @Test("a load shows a loading row, then the first page with a load-more row")
  func loadShowsLoadingThenContent() async throws {
    let (_, outcome, events) = try await Self.session([.load])
    let updates = Self.presented(events)
    #expect(updates.map(\.version) == [1, 2])
    #expect(updates[0].snapshot.sections.map(\.id) == [StatusRows.sectionID])
    #expect(updates[0].snapshot.sections[0].rows.map(\.id) == [StatusRows.loadingID])
    let items = try #require(updates[1].snapshot.sections.first)
    #expect(items.rows.map(\.id.rawValue) == ["item-0", "item-1", "tableflow.more.items"])
    #expect(outcome.worstFailure == nil)
    #expect(outcome.exitCode == 0)
  }

  @Test("load-more appends pages until everything is loaded, then the row disappears")
  func loadMoreUntilDone() async throws {
    let (_, _, events) = try await Self.session([.load, .loadMore("items"), .select("tableflow.more.items")])
    let last = try #require(Self.presented(events).last)
    #expect(last.version == 6)  // two versions per load-more: its row loading, its page
    #expect(last.snapshot.sections[0].rows.map(\.id.rawValue) == (0..<5).map { "item-\($0)" })
  }

  @Test("selecting a row pushes its screen, back returns to the list unchanged")
  func pushAndBack() async throws {
    let (log, _, events) = try await Self.session([.load, .select("item-1"), .back])
    let updates = Self.presented(events)
    #expect(updates.map(\.screen.name) == ["list", "list", "detail", "detail", "list"])
    #expect(updates.map(\.version) == [1, 2, 1, 2, 2])
    #expect(log.contains("push detail (from list)\n"))
    #expect(log.contains("back to list v2 (from detail)\n"))
  }

  @Test("run hands over every event once: consecutive sequence numbers from 0, in applied order")
  func sequenceNumbers() async throws {
    let (_, outcome, events) = try await Self.session([.load, .select("item-0"), .back, .refresh])
    #expect(events.map(\.sequence).sorted() == (0..<UInt64(events.count)).map { $0 })
    #expect(outcome.eventCount == events.count)
  }

  @Test("unknown parameters values are rejected before anything runs")
  func badParameters() {
    #expect(throws: FeedError.self) {
      _ = try Pipeline(
        feed: TestFeed(), transport: StubTransport(), options: PipelineOptions(parameters: ["pageSize": "x"]))
    }
  }
}
