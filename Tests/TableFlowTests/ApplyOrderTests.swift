import FixtureKit
import Testing

@testable import TableFlow

/// The transform stage's apply order, one input per line: as inputs arrive, or a replay's
/// recorded order.
@Suite("ApplyOrder")
struct ApplyOrderTests {
  static func batch(_ id: Int, first: Int, count: Int = 1) -> DecodedBatch {
    let requests = (0..<count).map { _ in ScreenRequest.get("/items") }
    let batch = RequestBatch(
      id: id, screen: ScreenRef(instance: 1, name: "list", depth: 0), firstRequestNumber: first,
      requests: requests, decoder: ScreenPageDecoder(screen: ItemListScreen()))
    let results = requests.map { _ in
      Result<TransportResponse, TransportError>.success(TransportResponse(status: 200, body: []))
    }
    return DecodedBatch(
      fetched: FetchedBatch(batch: batch, results: results, failure: nil), failure: nil,
      pages: TypedPages<ItemPage>(models: []))
  }

  static func describe(_ input: ApplyOrder.Input?) -> String {
    switch input {
    case .intent(let intent)?: return intent.description
    case .answers(let batch)?: return "batch \(batch.batch.id)"
    case nil: return "wait"
    }
  }

  @Test("without a recording, inputs are applied as they arrive")
  func arrivalOrder() {
    var order = ApplyOrder()
    order.enqueue(.intent(.load))
    order.enqueue(.answers(Self.batch(1, first: 0)))
    order.enqueue(.intent(.back))
    let pending: (Int) -> Bool = { _ in true }
    #expect(Self.describe(order.next(isPending: pending, isInFlight: { _ in true })) == "load")
    #expect(Self.describe(order.next(isPending: pending, isInFlight: { _ in true })) == "batch 1")
    #expect(Self.describe(order.next(isPending: pending, isInFlight: { _ in true })) == "back")
    #expect(Self.describe(order.next(isPending: pending, isInFlight: { _ in true })) == "wait")
  }

  @Test("a replay holds an early answer until the recorded intents before it are applied")
  func recordedOrder() {
    // Recorded: load, (request 0 started), collapse, answer to request 0.
    var order = ApplyOrder(replay: ReplayOrder(steps: [.intent, .intent, .answer(requestNumber: 0)]))
    order.enqueue(.intent(.load))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "load")
    order.enqueue(.answers(Self.batch(1, first: 0)))
    // The answer came first this time: it waits for the collapse.
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "wait")
    order.enqueue(.intent(.collapse("items")))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "collapse items")
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "batch 1")
    #expect(!order.isFollowingReplay)
  }

  @Test("a batch's answers are one step: its later answer records are skipped")
  func batchAnswersTogether() {
    let steps: [ReplayOrder.Step] = [
      .intent, .answer(requestNumber: 0), .answer(requestNumber: 1), .answer(requestNumber: 2), .intent,
    ]
    var order = ApplyOrder(replay: ReplayOrder(steps: steps))
    order.enqueue(.intent(.load))
    order.enqueue(.intent(.refresh))
    order.enqueue(.answers(Self.batch(1, first: 0, count: 3)))
    let inFlight: (Int) -> Bool = { $0 < 3 }
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: inFlight)) == "load")
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: inFlight)) == "batch 1")
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: inFlight)) == "refresh")
  }

  @Test("answers to batches no longer pending go first; they change nothing")
  func staleAnswersFirst() {
    var order = ApplyOrder(replay: ReplayOrder(steps: [.intent, .intent]))
    order.enqueue(.answers(Self.batch(7, first: 4)))
    #expect(Self.describe(order.next(isPending: { $0 != 7 }, isInFlight: { _ in false })) == "batch 7")
    #expect(order.isFollowingReplay)
  }

  @Test("a recorded answer whose request is not in flight ends the recorded order")
  func divergence() {
    var order = ApplyOrder(replay: ReplayOrder(steps: [.answer(requestNumber: 5), .intent]))
    order.enqueue(.intent(.load))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { _ in false })) == "load")
    #expect(!order.isFollowingReplay)
  }
}

@Suite("ReplayOrder")
struct ReplayOrderTests {
  static func records(_ entries: [FixtureRecord.Entry]) -> [FixtureRecord] {
    entries.enumerated().map { FixtureRecord(seq: $0.offset + 1, entry: $0.element) }
  }

  static let request = FixtureRecord.Entry.request(RecordedRequest(method: "GET", url: "/items"))

  static func response(to seq: Int) -> FixtureRecord.Entry {
    .response(RecordedResponse(request: seq, status: 200, body: []))
  }

  @Test("intents and answers in recorded order; requests numbered in recorded order")
  func interleaved() throws {
    let order = try #require(
      ReplayOrder(
        records: Self.records([
          .intent("load"), Self.request, Self.request, .intent("collapse a"), Self.response(to: 3),
          Self.response(to: 2), .error(RecordedFailure(request: nil, message: "session")),
        ])))
    #expect(order.steps == [.intent, .intent, .answer(requestNumber: 1), .answer(requestNumber: 0)])
  }

  @Test("a fixture with every intent before its first request replays as a script")
  func intentsFirst() {
    #expect(
      ReplayOrder(
        records: Self.records([.intent("load"), .intent("back"), Self.request, Self.response(to: 3)])) == nil)
  }
}

extension ApplyOrderTests {
  @Test("a dropped answer between a batch and its later answer records does not end the recorded order")
  func staleBetweenRecords() {
    let steps: [ReplayOrder.Step] = [.answer(requestNumber: 0), .answer(requestNumber: 1), .intent]
    var order = ApplyOrder(replay: ReplayOrder(steps: steps))
    order.enqueue(.answers(Self.batch(1, first: 0, count: 2)))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 < 2 })) == "batch 1")
    order.enqueue(.answers(Self.batch(9, first: 7)))
    order.enqueue(.intent(.back))
    #expect(Self.describe(order.next(isPending: { $0 != 9 }, isInFlight: { _ in false })) == "batch 9")
    #expect(Self.describe(order.next(isPending: { $0 != 9 }, isInFlight: { _ in false })) == "back")
    #expect(order.isEmpty)
  }

  @Test("thousands of intents sent at once are applied in order")
  func manyIntents() {
    var order = ApplyOrder()
    for index in 0..<5000 { order.enqueue(.intent(index.isMultiple(of: 2) ? .collapse("a") : .expand("a"))) }
    var applied = 0
    while let input = order.next(isPending: { _ in true }, isInFlight: { _ in false }) {
      guard case .intent(let intent) = input else { break }
      #expect(intent == (applied.isMultiple(of: 2) ? .collapse("a") : .expand("a")))
      applied += 1
    }
    #expect(applied == 5000)
    #expect(order.isEmpty)
  }
}

extension ApplyOrderTests {
  @Test("steps read as the fixture goes: a script's intents as they come, its answers in recorded order")
  func scriptedStepsAsRead() {
    let steps = ReplaySteps()
    steps.append(.intent)
    var order = ApplyOrder(steps: steps)
    order.enqueue(.intent(.load))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 < 2 })) == "load")
    steps.append(.intent)
    steps.append(.answer(requestNumber: 0))
    steps.append(.answer(requestNumber: 1))
    // The second intent waits for the first to settle (a script): the answers do not wait for it,
    // but keep their recorded order whatever order they arrive in.
    order.enqueue(.answers(Self.batch(2, first: 1)))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 < 2 })) == "wait")
    order.enqueue(.answers(Self.batch(1, first: 0)))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 < 2 })) == "batch 1")
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 < 2 })) == "batch 2")
    order.enqueue(.intent(.refresh))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { _ in false })) == "refresh")
  }

  @Test("once an intent is read after a request, intents wait for their recorded place too")
  func interleavedStepsAsRead() {
    let steps = ReplaySteps()
    steps.append(.intent)
    var order = ApplyOrder(steps: steps)
    order.enqueue(.intent(.load))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "load")
    // Recorded: load, request 0, collapse, answer 0.
    order.enqueue(.answers(Self.batch(1, first: 0)))
    steps.append(.intent)
    steps.markInterleaved()
    steps.append(.answer(requestNumber: 0))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "wait")
    order.enqueue(.intent(.collapse("items")))
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "collapse items")
    #expect(Self.describe(order.next(isPending: { _ in true }, isInFlight: { $0 == 0 })) == "batch 1")
    #expect(order.isFollowingReplay)
    steps.finish()
    #expect(!order.isFollowingReplay)
  }
}
