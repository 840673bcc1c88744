import Feeds
import Foundation
import TableFlow
import TableFlowTesting
import TestSupport
import Testing

@Suite("Recorded sessions", .timeLimit(.minutes(5)))
struct RecordedSessionTests {
  /// Replays each shipped fixture and compares its log with the golden. With
  /// `TABLEFLOW_RECORD=all` (or `failed`, `missing`) in the environment, the same test records
  /// the sessions instead, each against `tools/api-server.py` started with its arguments and
  /// faults, through `assertSession` (see `Fixtures/record.sh`);
  /// `TABLEFLOW_RECORD_ONLY=books/paging,profile/bare` limits that to the sessions named.
  @Test("each fixture replays to its golden log, byte for byte", arguments: RecordedSession.all)
  func replaysToGolden(_ session: RecordedSession) async throws {
    let feed = try #require(BuiltinFeeds.named(session.feed))
    let environment = ProcessInfo.processInfo.environment
    let only = environment["TABLEFLOW_RECORD_ONLY"].flatMap { $0.isEmpty ? nil : $0.split(separator: ",") }
    let settings = try RecordSettings(environment: environment)
    guard settings.mode.records, only?.contains(Substring(session.description)) ?? true else {
      let replayed = try await assertSession(
        feed: feed, fixture: session.fixturePath, golden: session.goldenPath, record: .never)
      #expect(!replayed.log.isEmpty)
      #expect(replayed.worstFailure?.category == session.expectedFailure)
      expectUpdates(replayed.updates)
      return
    }
    let server = try await session.startServer()
    defer { server.stop() }
    let recorded = try await assertSession(
      feed: feed, fixture: session.fixturePath, script: try session.script(), golden: session.goldenPath,
      parameters: session.parameters, expectedFailure: session.expectedFailure, record: settings.mode,
      live: server.baseURL.absoluteString, environment: environment)
    #expect(recorded.worstFailure?.category == session.expectedFailure)
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

  /// Records each session live into a temporary fixture, replays it, and expects the same log.
  @Test("a live session and the replay of its recording write the same log", arguments: RecordedSession.all)
  func liveEqualsReplay(_ session: RecordedSession) async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-feeds")
    defer { folder.cleanUp() }
    let path = folder.file("\(session.name).jsonl.gz")

    let live = try await session.record(to: path)
    #expect(live.recording?.replacedFixture == true)
    let replayed = try await RecordedSession.replay(path)
    #expect(replayed.log == live.log)
    #expect(replayed.worstFailure?.category == live.worstFailure?.category)
  }
}
