import TableFlow
import Testing

/// The shipped fixtures record what the session did in the order it happened: an intent
/// sent once the one before it had settled comes after the requests and answers it waited
/// for, not in a block before any request (issue 17 item 13).
@Suite("Shipped fixtures interleave intents with answers")
struct FixtureInterleavingTests {
  @Test(
    "every shipped fixture with requests and several intents records an intent after its first request",
    arguments: RecordedSession.all)
  func intentsInterleave(_ session: RecordedSession) throws {
    let records = try FixtureReader(path: session.fixturePath).readAll()
    let intents = records.indices.filter { if case .intent = records[$0].entry { true } else { false } }
    let firstRequest = records.firstIndex { if case .request = $0.entry { true } else { false } }
    guard intents.count > 1, let firstRequest, let last = intents.last else { return }
    #expect(last > firstRequest, "\(session): every intent is recorded before the first request")
  }
}
