import Feeds
import Foundation
import TableFlow
import TableFlowTesting
import Testing

@Suite("Recorded sessions", .timeLimit(.minutes(5)))
struct RecordedSessionTests {
  @Test("each fixture replays to its golden log, byte for byte", arguments: RecordedSession.all)
  func replaysToGolden(_ session: RecordedSession) async throws {
    let feed = try #require(BuiltinFeeds.named(session.feed))
    let replayed = try await assertSession(
      feed: feed, fixture: session.fixturePath, golden: session.goldenPath, environment: [:])
    #expect(!replayed.log.isEmpty)
    #expect(replayed.worstFailure?.category == session.expectedFailure)
  }

  @Test(
    "a session failing by design has a NAME.expect naming its exit; others have none",
    arguments: RecordedSession.all)
  func expectationSidecar(_ session: RecordedSession) throws {
    let sidecar = try? String(contentsOfFile: session.expectationPath, encoding: .utf8)
    guard let failure = session.expectedFailure else {
      #expect(sidecar == nil)
      return
    }
    let lines = try #require(sidecar).split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(lines.contains("exit \(failure.exitCode)"))
  }

  /// Records each session live through `HTTPTransport` into a temporary fixture, replays it,
  /// and expects the same log. With `TABLEFLOW_RECORD_FIXTURES=1` in the environment, the new
  /// fixture and its log replace the ones in `Fixtures/` (see `Fixtures/record.sh`);
  /// `TABLEFLOW_RECORD_ONLY=books/paging,profile/bare` limits that to the sessions named.
  @Test("a live session and the replay of its recording write the same log", arguments: RecordedSession.all)
  func liveEqualsReplay(_ session: RecordedSession) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-feeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("\(session.name).jsonl.gz").path

    let live = try await session.record(to: path)
    let replayed = try await FeedSession.replay(path)
    #expect(replayed.log == live.log)
    #expect(replayed.worstFailure?.category == live.worstFailure?.category)

    let environment = ProcessInfo.processInfo.environment
    let only = environment["TABLEFLOW_RECORD_ONLY"].flatMap { $0.isEmpty ? nil : $0.split(separator: ",") }
    if environment["TABLEFLOW_RECORD_FIXTURES"] == "1", only?.contains(Substring(session.description)) ?? true
    {
      let manager = FileManager.default
      if manager.fileExists(atPath: session.fixturePath) {
        try manager.removeItem(atPath: session.fixturePath)
      }
      try manager.copyItem(atPath: path, toPath: session.fixturePath)
      try replayed.log.write(toFile: session.goldenPath, atomically: true, encoding: .utf8)
    }
  }
}
