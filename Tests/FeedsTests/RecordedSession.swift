import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// A session recorded against `tools/api-server.py` into `Fixtures/FEED/NAME.jsonl.gz`, with
/// its intents in `NAME.intents` and its golden log in `NAME.log`.
///
/// A session that ends with a failure by design (its replay exits 65 or 69) also has a sidecar
/// `NAME.expect` naming that exit, so `tableflow verify` passes it only when it fails so.
struct RecordedSession: CustomStringConvertible, Sendable {
  /// A fault queued on the server before the session starts.
  struct QueuedFault: Sendable {
    var spec: String
    var count: Int
    var pathPrefix: String
  }

  var feed: String
  var name: String
  var parameters: FeedParameters = [:]
  var serverArguments: [String] = []
  var faults: [QueuedFault] = []
  /// The worst failure the session ends with, when it fails by design.
  var expectedFailure: FailureCategory?

  var description: String { "\(feed)/\(name)" }

  /// Every recorded session shipped in `Fixtures/`.
  static let all: [RecordedSession] = [
    RecordedSession(feed: "books", name: "session"),
    RecordedSession(
      feed: "books", name: "reviews-error",
      faults: [QueuedFault(spec: "status=500", count: 1, pathPrefix: "/v2/book/1000001/reviews")],
      expectedFailure: .network),
    RecordedSession(
      feed: "books", name: "unavailable", serverArguments: ["--fault", "status=500"],
      expectedFailure: .network),
    RecordedSession(feed: "books", name: "empty-user", parameters: ["user": "empty"]),
    // Intents sent while a slow page loads (lines ending in ' &'): replay follows the applied order.
    RecordedSession(
      feed: "books", name: "overlap",
      faults: [QueuedFault(spec: "slow=600", count: 4, pathPrefix: "/v2/book/user/pmtao/collections")]),
    RecordedSession(feed: "books", name: "paging", parameters: ["user": "tom", "count": "5"]),
    RecordedSession(feed: "profile", name: "session"),
    RecordedSession(feed: "profile", name: "minimal", parameters: ["variant": "minimal"]),
    RecordedSession(feed: "profile", name: "bare", parameters: ["variant": "bare"]),
    RecordedSession(
      feed: "profile", name: "malformed",
      faults: [QueuedFault(spec: "malformed", count: 1, pathPrefix: "/api/profile")], expectedFailure: .data),
    // Typed in with edit intents (the log masks the password). The recorder redacts it in
    // the `edit password` intent and the POST body; replay redacts its requests the same way.
    RecordedSession(feed: "signin", name: "session"),
    RecordedSession(feed: "signin", name: "wrong-password"),
    RecordedSession(feed: "photos", name: "session"),
    // One malformed entry (想读's third book has a null title): a placeholder row, the rest shows.
    RecordedSession(feed: "books", name: "bad-item", parameters: ["user": "mangled"]),
    // Seed A's single request (status=, count 40), grouped by each entry's status.
    RecordedSession(feed: "books", name: "grouped", parameters: ["grouping": "status"]),
    // No fullName: no Main Info; the second friend has no name: a placeholder row.
    RecordedSession(feed: "profile", name: "nameless", parameters: ["variant": "nameless"]),
    RecordedSession(feed: "providers", name: "session"),
    // mark-read / mark-reading: optimistic moves across sections, confirmed by the POST.
    RecordedSession(feed: "books", name: "actions"),
    // The POST fails once: the book moves back with an error row; selecting it retries.
    RecordedSession(
      feed: "books", name: "action-failed",
      faults: [QueuedFault(spec: "status=500", count: 1, pathPrefix: "/v2/book/1000001/collection")],
      expectedFailure: .network),
    // A review marked useful from inside its cell.
    RecordedSession(feed: "books", name: "useful"),
  ]

  static var fixturesFolder: URL { APIServer.packageRoot.appendingPathComponent("Fixtures") }

  var folder: URL { Self.fixturesFolder.appendingPathComponent(feed) }
  var fixturePath: String { folder.appendingPathComponent("\(name).jsonl.gz").path }
  var goldenPath: String { folder.appendingPathComponent("\(name).log").path }
  var intentsPath: String { folder.appendingPathComponent("\(name).intents").path }
  var expectationPath: String { folder.appendingPathComponent("\(name).expect").path }

  func script() throws -> [ScriptedIntent] {
    try ScriptedIntent.parseScript(String(contentsOfFile: intentsPath, encoding: .utf8))
  }

  /// Starts `tools/api-server.py` with the session's arguments and queues its faults.
  func startServer() async throws -> APIServer {
    let server = try APIServer(arguments: serverArguments)
    do {
      for fault in faults {
        try await server.queueFault(fault.spec, count: fault.count, pathPrefix: fault.pathPrefix)
      }
    } catch {
      server.stop()
      throw error
    }
    return server
  }

  /// Records the session live into `path` through the library's session runner; returns the
  /// live outcome and log. The recording replaces `path` only when the session ends with its
  /// expected failure (or none).
  func record(to path: String) async throws -> FeedSessionOutcome {
    let feed = try #require(BuiltinFeeds.named(feed), "no built-in feed \(self.feed)")
    let server = try await startServer()
    defer { server.stop() }
    let base = server.baseURL.absoluteString
    let recorder = try SessionRecorder(
      path: path, feed: feed.name, tool: "tableflow FeedsTests recorder", base: base, params: parameters)
    let session = FeedSession(
      feed: feed, transport: try HTTPTransport(baseURL: base), script: try script(),
      options: PipelineOptions(parameters: parameters), recorder: recorder,
      replacing: .whenSessionEnds(with: expectedFailure))
    let outcome = try await session.run()
    if let failure = outcome.recording?.recordingFailure { throw failure }
    return outcome
  }

  /// Replays the fixture at `path` as it was recorded (its feed, parameters, intents and
  /// applied order), through the library's session runner.
  static func replay(_ path: String, scheduleSeed: UInt64? = nil) async throws -> FeedSessionOutcome {
    let fixture = try ReplayTransport(path: path)
    let feed = try #require(BuiltinFeeds.named(fixture.header.feed), "\(path): unknown feed")
    let session = try FeedSession(
      replaying: fixture, feed: feed, options: PipelineOptions(scheduleSeed: scheduleSeed))
    return try await session.run()
  }
}
