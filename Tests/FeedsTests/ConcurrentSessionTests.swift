import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// A live session in which the user acts while a slow page loads replays byte for byte from
/// its recording, whatever the scheduling.
@Suite("Concurrent sessions", .timeLimit(.minutes(5)))
struct ConcurrentSessionTests {
  @Test("collapse, select and back sent during a slow load: the replay equals the live log for 24 seeds")
  func replayEqualsLiveUnderSeeds() async throws {
    let session = try #require(RecordedSession.all.first { $0.description == "books/overlap" })
    let folder = try TemporaryDirectory(prefix: "tableflow-concurrent")
    defer { folder.cleanUp() }
    let path = folder.file("overlap.jsonl.gz")
    let live = try await session.record(to: path)

    // The intents overlapped the page: each was presented before the page arrived.
    let page = try #require(live.log.range(of: "GET /v2/book/user/pmtao/collections?status=wish&start=20"))
    for line in ["> collapse read\n", "push detail (from books)\n", "back to books"] {
      let position = try #require(live.log.range(of: line), "\(line) is missing")
      #expect(position.lowerBound < page.lowerBound, "\(line) came after the page")
    }
    #expect(live.log.contains(#"text="Loading more…""#))

    for seed in 0..<24 as Range<UInt64> {
      let replayed = try await RecordedSession.replay(path, scheduleSeed: seed)
      #expect(replayed.log == live.log, "seed \(seed) changed the replay")
    }
  }
}
