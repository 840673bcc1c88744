import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// A replay reads its fixture as the session goes: the first page is presented before the rest
/// of the file is read, and what lies after the last record is found only at the end.
@Suite("Streaming replay", .timeLimit(.minutes(2)))
struct StreamingReplayTests {
  /// The books session with bytes appended after its gzip data: damage that only reading the
  /// whole file finds.
  static func sessionWithDamagedTail(in folder: TemporaryDirectory) throws -> String {
    let session = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz")
    var bytes = try Data(contentsOf: session)
    bytes.append(contentsOf: Array("not gzip".utf8))
    let path = folder.file("tail.jsonl.gz")
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "the first page is presented before the rest of the fixture is read; damage after it is found at the end")
  func firstSnapshotBeforeTheRest() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-streaming")
    defer { folder.cleanUp() }
    let path = try Self.sessionWithDamagedTail(in: folder)
    let fixture = try ReplayTransport(path: path, options: ReplayOptions(salvagesDamage: true))
    #expect(fixture.damage == nil)
    var answered = false
    var damageAtFirstPage: FixtureError??
    let outcome = try await FeedSession(replaying: fixture, feed: BooksFeed()).run { event, _ in
      switch event.event.payload {
      case .responsesApplied: answered = true
      case .presented where answered && damageAtFirstPage == nil: damageAtFirstPage = .some(fixture.damage)
      default: break
      }
    }
    #expect(damageAtFirstPage == .some(nil), "the damage at the end was read before the first page")
    #expect(fixture.damage?.code == .corrupt)
    let golden = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.log")
    #expect(outcome.log == (try String(contentsOf: golden, encoding: .utf8)))
  }
}
