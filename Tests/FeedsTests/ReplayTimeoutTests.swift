import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// A replay that answers every request from its fixture, in virtual time, sets no request
/// timeout: nothing there can hang, and each timeout's timer would outlive its answer.
@Suite("replay without request timeouts", .timeLimit(.minutes(5)))
struct ReplayTimeoutTests {
  @Test("a replay from its fixture alone is not cut by a request timeout, even one of zero")
  func replayIgnoresTheTimeout() async throws {
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz").path
    let golden = try String(
      contentsOf: APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.log"), encoding: .utf8)
    // A zero timeout fires before any answer could come: it would fail every request.
    let options = PipelineOptions(requestTimeout: .zero)
    let session = try FeedSession(
      replaying: ReplayTransport(path: fixture), feed: BooksFeed(), options: options)
    let outcome = try await session.run()
    #expect(outcome.session.exitCode == 0)
    #expect(outcome.log == golden)
  }

  @Test("a replay that may send requests live keeps the timeout")
  func liveCapableReplayTimesOut() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-replay-timeout")
    defer { folder.cleanUp() }
    // Nothing recorded: every request goes live, to a transport that never answers.
    let fixture = try ReplayTransport(
      path: folder.file("missing.jsonl.gz"), options: ReplayOptions(mode: .missing, live: NeverAnswers()))
    let options = PipelineOptions(requestTimeout: .milliseconds(50))
    let session = FeedSession(feed: ProfileFeed(), transport: fixture, options: options)
    let outcome = try await session.run()
    #expect(outcome.log.contains("no answer within"), "\(outcome.log)")
  }

  /// A transport whose requests never end until cancelled.
  struct NeverAnswers: Transport {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
      // Ends only when the fetch stage cancels it (the timeout); no test waits on this sleep.
      try? await Task.sleep(for: .seconds(3600))
      throw TransportError(.cancelled, "cancelled")
    }
  }
}
