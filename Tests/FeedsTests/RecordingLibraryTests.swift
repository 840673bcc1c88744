import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// Recording and replaying with `import TableFlow` alone (this file does not import FixtureKit):
/// `Pipeline.record` writes the session in applied order and finishes it atomically.
@Suite("Pipeline.record", .timeLimit(.minutes(5)))
struct RecordingLibraryTests {
  static let script = [
    ScriptedIntent(.load), ScriptedIntent(.select("book-1000001-rating")), ScriptedIntent(.back),
  ]

  @Test("records intents interleaved with requests and answers, then replays to the same log")
  func recordsInAppliedOrder() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "recording-library-tests")
    defer { folder.cleanUp() }
    let path = folder.file("books.jsonl.gz")
    let recorder = try SessionRecorder(
      path: path, feed: "books", tool: "tests", base: server.baseURL.absoluteString, params: ["user": "pmtao"]
    )
    var writer = TextLogWriter()
    var live = ""
    let recorded = try await Pipeline.record(
      script: Self.script, feed: BooksFeed(),
      transport: try HTTPTransport(baseURL: server.baseURL.absoluteString),
      into: recorder, options: PipelineOptions(parameters: ["user": "pmtao"])
    ) { event in live += writer.text(for: event) }
    #expect(recorded.replacedFixture)
    #expect(recorded.recordingFailure == nil)
    #expect(!FileManager.default.fileExists(atPath: recorder.partialPath))

    // FixtureReader, FixtureRecord and FixtureHeader come through `import TableFlow`.
    let reader = try FixtureReader(path: path)
    let header: FixtureHeader = reader.header
    #expect(header.feed == "books")
    let kinds = try reader.readAll().map { record -> String in
      switch record.entry {
      case .intent(let intent): "intent \(intent)"
      case .request: "request"
      case .response: "response"
      case .error: "error"
      }
    }
    let firstSelect = try #require(kinds.firstIndex(of: "intent select book-1000001-rating"))
    #expect(kinds.first == "intent load")
    #expect(kinds[1..<firstSelect].contains("request"))  // the load's requests come before the select
    #expect(kinds[firstSelect...].contains("request"))  // the reviews request after it

    let replay = try ReplayTransport(path: path)
    let replayed = try await FeedSession(replaying: replay, feed: BooksFeed()).run().log
    #expect(replayed == live)
  }

  @Test("a session that fails keeps the old fixture and its own recording in .partial, unless told otherwise")
  func failedSessionKeepsFixture() async throws {
    let server = try APIServer(arguments: ["--fault", "status=500"])
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "recording-library-tests")
    defer { folder.cleanUp() }
    let path = folder.file("books.jsonl.gz")
    let previous = Data("previous fixture".utf8)
    try previous.write(to: URL(fileURLWithPath: path))
    let base = server.baseURL.absoluteString
    let rules: [(FixtureReplacement, replaces: Bool)] = [
      (.whenSessionSucceeds, false), (.whenSessionEnds(with: .data), false),
      (.whenSessionEnds(with: .network), true), (.whenSessionCompletes, true),
    ]
    for (replacing, replaces) in rules {
      let recorder = try SessionRecorder(path: path, feed: "books", tool: "tests")
      let recorded = try await Pipeline.record(
        script: [ScriptedIntent(.load)], feed: BooksFeed(), transport: try HTTPTransport(baseURL: base),
        into: recorder, replacing: replacing)
      #expect(recorded.session.worstFailure?.category == .network)
      #expect(recorded.replacedFixture == replaces)
      if !replaces {
        #expect(FileManager.default.contents(atPath: path) == previous)
        #expect(try FixtureReader(path: recorder.partialPath).readAll().count > 1)
        try FileManager.default.removeItem(atPath: recorder.partialPath)
      } else {
        #expect(try FixtureReader(path: path).header.feed == "books")
      }
    }
  }
}
