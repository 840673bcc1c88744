import FriendsFeed
import TableFlowTesting
import XCTest

/// The friends session in an XCTest target (most iOS test targets), without `import Testing`:
/// a log that differs from the golden fails this test.
final class FriendsFeedXCTests: XCTestCase {
  // Replays __Fixtures__/FriendsFeedXCTests/testSession.jsonl.gz (beside this file) with the
  // intents it recorded and compares its log with testSession.log there. To record it (again):
  // TABLEFLOW_RECORD=all TABLEFLOW_LIVE=http://127.0.0.1:8080 swift test
  func testSession() async throws {
    let result = try await assertSession(feed: FriendsFeed())
    XCTAssertNil(result.worstFailure)
    // Every changeset the session presented applies under UIKit's batch-update rules.
    XCTAssertTrue(expectUpdates(result.updates))
  }
}
