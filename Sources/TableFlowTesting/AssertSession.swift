import Foundation
import TableFlow
import Testing

/// What a session assertion saw.
public struct SessionResult: Sendable {
  /// The session's text log, as `tableflow replay` prints it.
  public var log: String
  /// The most severe failure the session ended with, if any.
  public var worstFailure: PipelineFailure?
  /// Whether the fixture was written (record mode `missing` or `all`).
  public var recorded: Bool
  /// Where the log first differs from the golden, or `nil` when it matches.
  public var goldenDifference: GoldenLogDifference?
}

/// Replays a feed's recorded session (or records it, when the record mode says so) and checks
/// its text log against a golden file, in the manner of snapshot testing.
///
/// ```swift
/// @Test func booksSession() async throws {
///   try await assertSession(
///     feed: BooksFeed(), fixture: "Fixtures/books/session.jsonl.gz",
///     golden: "Fixtures/books/session.log")
/// }
/// ```
///
/// The record mode comes from `record` or, when `nil`, from `TABLEFLOW_RECORD`: `none` (the
/// default) replays only; `missing` replays what the fixture holds and sends the rest to the
/// live server (everything, when there is no fixture yet); `all` sends everything live. Both
/// recording modes write the complete session to `fixture` atomically (`NAME.partial`, then a
/// rename when the session ends) and are refused when `CI=true`. The live base URL is `live`
/// or `TABLEFLOW_LIVE`.
///
/// When the log differs from the golden, the test fails with the first differing line and the
/// step (intent) it belongs to, and the log is written to `GOLDEN.new` for review: the golden
/// is never overwritten. A missing golden fails too; it is written to `GOLDEN.new` in mode
/// `none`, and to `GOLDEN` in the recording modes (check it in and run again).
///
/// - Parameters:
///   - feed: The feed under test.
///   - fixture: The recorded session (`NAME.jsonl.gz`); a relative path is taken from the
///     package root (the folder above `filePath` holding `Package.swift`).
///   - intents: The intents to send; by default the ones the fixture recorded (or `load` for a
///     session being recorded from scratch).
///   - golden: The golden text log (`NAME.log`), resolved like `fixture`.
///   - parameters: The feed's parameters; by default the fixture's.
///   - record: The record mode; `nil` reads `TABLEFLOW_RECORD`.
///   - live: The base URL to record from; `nil` reads `TABLEFLOW_LIVE`.
///   - environment: Where `TABLEFLOW_RECORD`, `TABLEFLOW_LIVE` and `CI` are read.
///   - filePath: The calling test's file, whose package root relative paths start from.
///   - sourceLocation: Where a mismatch is reported.
/// - Returns: The log, the worst failure and whether the fixture was written.
/// - Throws: ``SessionAssertionError`` when the session cannot run at all (no fixture in mode
///   `none`, recording without a live URL or under CI, an unreadable fixture, a feed that
///   refuses its parameters).
@discardableResult
public func assertSession(
  feed: any Feed, fixture: String, intents: [Intent]? = nil, golden: String,
  parameters: FeedParameters? = nil, record: RecordMode? = nil, live: String? = nil,
  environment: [String: String] = ProcessInfo.processInfo.environment,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> SessionResult {
  let recording = try RecordSettings(record: record, live: live, environment: environment)
  let root = packageRoot(containing: filePath)
  let fixturePath = resolve(fixture, from: root)
  let goldenPath = resolve(golden, from: root)
  let session = try PreparedSession(
    feed: feed, fixturePath: fixturePath, intents: intents, parameters: parameters, recording: recording)
  let outcome = try await session.run()

  var result = SessionResult(
    log: outcome.log, worstFailure: outcome.worstFailure, recorded: session.recorder != nil)
  guard let expected = FileManager.default.contents(atPath: goldenPath) else {
    let target = recording.mode == .none ? goldenPath + ".new" : goldenPath
    try write(outcome.log, to: target)
    result.goldenDifference = GoldenLogDifference(expected: "", actual: outcome.log)
    Issue.record(
      "\(goldenPath): no golden log; wrote \(target): review it, check it in and run again",
      sourceLocation: sourceLocation)
    return result
  }
  let difference = GoldenLogDifference(
    expected: String(decoding: expected, as: UTF8.self), actual: outcome.log)
  if let difference {
    try write(outcome.log, to: goldenPath + ".new")
    result.goldenDifference = difference
    let message =
      "\(goldenPath): the log differs at \(difference)\n"
      + "wrote \(goldenPath).new: review it (diff), then move it over the golden"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
  return result
}

/// The folder above `filePath` that holds `Package.swift`, or the current folder.
func packageRoot(containing filePath: String) -> URL {
  var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  while folder.path != "/" {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      return folder
    }
    folder.deleteLastPathComponent()
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

/// `path` itself when absolute, else `path` below `root`.
func resolve(_ path: String, from root: URL) -> String {
  path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
}

private func write(_ log: String, to path: String) throws(SessionAssertionError) {
  do {
    try Data(log.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    throw SessionAssertionError("\(path): cannot write: \(error.localizedDescription)")
  }
}
