import TableCore
import Testing

@testable import TableFlow

/// `FeedSession.run(log:full:streamingTo:onEvent:)`: the log's text arrives in pieces as it is
/// written, the same text as a kept log, and a whole table's lines are never one piece.
@Suite("Streaming the log", .timeLimit(.minutes(2)))
struct StreamingLogTests {
  static func session(rows: Int) -> FeedSession {
    var options = PipelineOptions()
    options.parameters = ["pageSize": "\(rows)"]
    return FeedSession(
      feed: TestFeed(), transport: StubTransport(total: rows),
      script: [ScriptedIntent(.load), ScriptedIntent(.refresh)], options: options)
  }

  @Test("the pieces are the kept log, in order; none holds a 5,000-row table", arguments: [false, true])
  func piecesAreTheLog(full: Bool) async throws {
    let kept = try await Self.session(rows: 5_000).run(full: full).log
    var pieces: [String] = []
    var linesSeen = 0
    _ = try await Self.session(rows: 5_000).run(full: full, streamingTo: { pieces.append($0) }) { _, lines in
      linesSeen += lines.utf8.count
    }
    #expect(pieces.joined() == kept)
    #expect(linesSeen == 0)
    let longestLine = kept.split(separator: "\n").map(\.utf8.count).max() ?? 0
    // The table printed whole (about 250 KB) arrives in pieces of 64 KB and a line at most.
    #expect(kept.utf8.count > 200_000)
    #expect(pieces.allSatisfy { $0.utf8.count <= (1 << 16) + longestLine + 1 })
    #expect(pieces.allSatisfy { $0.hasSuffix("\n") })
  }

  @Test("a jsonl log streams too, one piece per event")
  func jsonLines() async throws {
    let kept = try await Self.session(rows: 50).run(log: .jsonl).log
    var pieces: [String] = []
    _ = try await Self.session(rows: 50).run(log: .jsonl, streamingTo: { pieces.append($0) })
    #expect(pieces.joined() == kept)
  }
}
