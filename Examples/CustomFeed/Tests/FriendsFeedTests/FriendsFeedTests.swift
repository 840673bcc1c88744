import FriendsFeed
import TableFlow
import TableFlowTesting
import Testing

@Suite("Friends feed", .timeLimit(.minutes(2)))
struct FriendsFeedTests {
  // Replays Fixtures/friends/session.jsonl.gz and compares its log with session.log. To record
  // it (again): TABLEFLOW_RECORD=all TABLEFLOW_LIVE=http://127.0.0.1:8080 swift test
  @Test func session() async throws {
    let result = try await assertSession(
      feed: FriendsFeed(), fixture: "Fixtures/friends/session.jsonl.gz",
      intents: [.load, .collapse("friends"), .expand("friends"), .refresh],
      golden: "Fixtures/friends/session.log")
    #expect(result.worstFailure == nil)
  }
}
