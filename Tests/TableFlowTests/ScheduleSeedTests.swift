import TableCore
import Testing

@testable import TableFlow

/// `TABLEFLOW_SCHEDULE_SEED`: seeded yields and delays between steps must not change a byte of
/// the output, with concurrent requests answered in any order.
@Suite("Schedule seeds", .timeLimit(.minutes(5)))
struct ScheduleSeedTests {
  static let intents: [Intent] = [
    .load, .loadMore("b"), .collapse("a"), .select("b-1"), .back, .expand("a"), .refresh, .loadMore("c"),
  ]

  /// The text and jsonl logs of the session, and the kinds of its events in bus order.
  static func log(
    seed: UInt64?, transport: StubTransport = StubTransport(total: 7)
  ) async throws -> (log: String, kinds: [String]) {
    let options = PipelineOptions(parameters: ["screen": "multi"], scheduleSeed: seed)
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport, options: options)
    var text = TextLogWriter()
    var jsonl = JSONLinesLogWriter()
    var log = ""
    var kinds: [String] = []
    _ = await pipeline.run(Self.intents) { event in
      log += text.text(for: event)
      log += jsonl.text(for: event)
      kinds.append(String(describing: event.event).prefix { $0 != "(" }.description)
    }
    return (log, kinds)
  }

  @Test("the log is identical for 24 seeds and without one")
  func identicalForEverySeed() async throws {
    let reference = try await Self.log(seed: nil).log
    #expect(reference.contains("> load-more c"))
    var busOrders: Set<[String]> = []
    for seed in 0..<24 as Range<UInt64> {
      let (log, kinds) = try await Self.log(seed: seed)
      #expect(log == reference, "seed \(seed) changed the output")
      busOrders.insert(kinds)
    }
    // The seeds did shake the schedule: the stages' events interleaved differently on the bus.
    #expect(busOrders.count > 1)
  }
}
