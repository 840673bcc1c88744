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

  static func log(seed: UInt64?, transport: StubTransport = StubTransport(total: 7)) async throws -> String {
    let options = PipelineOptions(parameters: ["screen": "multi"], scheduleSeed: seed)
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport, options: options)
    var text = TextLogWriter()
    var jsonl = JSONLinesLogWriter()
    var log = ""
    _ = await pipeline.run(Self.intents) { event in
      log += text.text(for: event)
      log += jsonl.text(for: event)
    }
    return log
  }

  @Test("the log is identical for 24 seeds and without one")
  func identicalForEverySeed() async throws {
    let reference = try await Self.log(seed: nil)
    #expect(reference.contains("> load-more c"))
    var sendOrders: Set<[String]> = []
    for seed in 0..<24 as Range<UInt64> {
      let transport = StubTransport(total: 7)
      let log = try await Self.log(seed: seed, transport: transport)
      #expect(log == reference, "seed \(seed) changed the output")
      sendOrders.insert(transport.sent.map(\.relativeURL))
    }
    // The seeds did shake the schedule: concurrent requests went out in different orders.
    #expect(sendOrders.count > 1)
  }
}
