import FixtureKit
import Foundation
import TableFlow
import TestSupport

@testable import CLIKit

/// A clock whose every reading is `step` after the one before: with one job, each replay that
/// `verify` measures on it takes exactly `step`, whatever the machine's load.
final class TickingClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let step: Duration
  private let readings = Locked<Int>(0)

  init(step: Duration = .milliseconds(5)) { self.step = step }

  var now: Instant {
    let count = readings.withLock { count in
      count += 1
      return count
    }
    return Instant(offset: step * count)
  }

  var minimumResolution: Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

/// Runs `verify` in process, its replays measured on a ``TickingClock`` (5 ms each, with
/// `--jobs 1`).
enum VerifyRun {
  static var fixtures: String { APIServer.packageRoot.appendingPathComponent("Fixtures").path }

  static func verify(
    _ arguments: [String], environment: [String: String] = [:], tool: ToolIdentity = .tableflow
  ) async throws -> (code: ExitCode, out: String, err: String) {
    let command = VerifyCommand(
      replayer: ReplayCommand(runner: SessionRunner(feeds: Tableflow.feeds(adding: []))),
      clock: TickingClock())
    let parsed = try command.spec.parse(arguments)
    let out = MemorySink()
    let err = MemorySink()
    let code = await command.run(
      parsed, io: CommandIO(out: out, err: err, environment: environment, tool: tool))
    return (code, out.text, err.text)
  }

  /// Copies `Fixtures/FEED/NAME.*` (fixture, golden and any sidecar) into `folder` as `as`.
  static func copy(_ session: String, into folder: TemporaryDirectory, as name: String? = nil) throws {
    let base = name ?? String(session.split(separator: "/").last ?? "")
    for suffix in [".jsonl.gz", ".log", ".expect"] {
      let source = fixtures + "/" + session + suffix
      guard FileManager.default.fileExists(atPath: source) else { continue }
      try FileManager.default.copyItem(atPath: source, toPath: folder.file(base + suffix))
    }
  }

  /// Rewrites the fixture at `path` with one more recorded exchange at its end: `GET url`,
  /// answered 200, which no session sends.
  static func addUnusedRequest(to path: String, url: String) throws {
    let reader = try FixtureReader(path: path)
    let records = try reader.readAll()
    let copy = path + ".copy"
    let writer = try FixtureWriter(path: copy, header: reader.header)
    for record in records { try writer.append(record.entry) }
    let seq = try writer.append(.request(RecordedRequest(method: "GET", url: url)))
    try writer.append(.response(RecordedResponse(request: seq, status: 200, body: Array("{}".utf8))))
    try writer.finish()
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: copy, toPath: path)
  }

  static func read(_ path: String) -> String {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
