import Feeds
import Foundation
import TableFlow
import TableFlowTesting
import TestSupport
import Testing

/// The seed feeds as specs (`Examples/Specs/`): replaying the shipped fixtures of the Swift
/// feeds through the spec feeds writes the Swift feeds' golden logs, byte for byte.
@Suite("Spec feeds reproduce the built-in feeds", .timeLimit(.minutes(5)))
struct SpecFeedGoldenTests {
  static let specsFolder = APIServer.packageRoot.appendingPathComponent("Examples/Specs")

  static func spec(_ feed: String) throws -> SpecFeed {
    try SpecFeed(contentsOf: specsFolder.appendingPathComponent("\(feed).tableflow.json").path)
  }

  /// The shipped sessions the spec feeds reproduce exactly.
  static let reproduced: [RecordedSession] = RecordedSession.all.filter { session in
    switch session.feed {
    case "books":
      [
        "session", "paging", "empty-user", "bad-item", "overlap", "reviews-error", "unavailable", "grouped",
        "actions", "action-failed", "useful",
      ].contains(
        session.name)
    case "photos", "profile": true
    default: false
    }
  }

  @Test("a shipped fixture replayed through the spec writes the Swift feed's golden", arguments: reproduced)
  func replaysToGolden(_ session: RecordedSession) async throws {
    let feed = try Self.spec(session.feed)
    let replayed = try await assertSession(
      feed: feed, fixture: session.fixturePath, golden: session.goldenPath, record: .never)
    #expect(replayed.worstFailure?.category == session.expectedFailure)
  }
}
