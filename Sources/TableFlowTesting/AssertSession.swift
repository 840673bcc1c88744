import Foundation
import TableFlow

/// Replays a feed's recorded session (or records it, when the record mode says so) and checks
/// its text log against a golden file, in the manner of snapshot testing. Works in XCTest and
/// Swift Testing alike: a mismatch fails the test that calls it, in whichever framework runs
/// it, and the call needs no `import Testing`.
///
/// ```swift
/// final class FriendsFeedTests: XCTestCase {
///   func testSession() async throws {
///     // Tests/FriendsFeedTests/__Fixtures__/FriendsFeedTests/testSession.jsonl.gz and .log
///     try await assertSession(feed: FriendsFeed())
///   }
/// }
/// ```
///
/// **Paths.** By default the fixture and the golden sit beside the test file, in
/// `__Fixtures__/<TestFile>/<name>.jsonl.gz` and `<name>.log`, where `<name>` is `name` or the
/// test function's name (`testSession` above). Given only `fixture` or only `golden`, the other
/// is its sibling (`NAME.jsonl.gz` ↔ `NAME.log`). A relative path is taken from the package root
/// (the folder above the test file holding `Package.swift`).
///
/// **Record modes** (`record`, else `TABLEFLOW_RECORD`; see ``SessionRecordMode``): `never`
/// (also `none`, the default and CI's) replays only; `missing` records a session that has no
/// fixture yet, and fills an existing fixture's unrecorded requests live; `failed` replays
/// first and re-records the whole session live only when its log differs from the golden;
/// `all` re-records every session. Recording needs a live base URL (`live`, else
/// `TABLEFLOW_LIVE`), sends `headers` with every live request, redacts them and the values
/// named in `redacting` (as `--header` and `--redact` do) and is refused when `CI=true`.
///
/// **What is written.** A recording goes to `FIXTURE.partial` and replaces the fixture only
/// when its session ends as expected (without failure, or with `expectedFailure`); otherwise
/// the fixture and the golden are untouched, the recording stays at `FIXTURE.partial`, and the
/// test fails naming it. When a replayed log differs from the golden, the test fails with the
/// first differing line and the step (intent) it belongs to, and the log goes to
/// `GOLDEN.new` for review: a replay never overwrites a golden. A recording in mode `failed` or
/// `all` that changes the log writes it to the golden and fails once (review the change with
/// `git diff`, then run again); in mode `missing` a changed log goes to `GOLDEN.new`. A missing
/// golden fails too; it is written to `GOLDEN.new` in mode `never` and to `GOLDEN` when
/// recording.
///
/// - Parameters:
///   - feed: The feed under test.
///   - name: The session's name in the default paths; by default the test function's.
///   - fixture: The recorded session (`NAME.jsonl.gz`).
///   - intents: The intents to send; by default the ones the fixture recorded (or `load` for a
///     session recorded from scratch).
///   - script: The intents as script lines instead, for a session in which the user acts
///     while a page loads (`ScriptedIntent.sendsNextAtOnce`, ` &` in an intents file); give
///     `intents` or `script`, not both.
///   - golden: The golden text log (`NAME.log`).
///   - parameters: The feed's parameters; by default the fixture's.
///   - expectedFailure: The failure category the session ends with by design (an HTTP 500
///     recorded on purpose is `.network`); a recording replaces the fixture only when its
///     session ends with exactly this one (`nil`: with none).
///   - record: The record mode; `nil` reads `TABLEFLOW_RECORD`.
///   - live: The base URL to record from; `nil` reads `TABLEFLOW_LIVE`.
///   - headers: Headers for every live request (an `Authorization` header); recorded redacted.
///   - redacting: More names whose values are secrets (headers, JSON keys, form fields, query
///     items), redacted in the recording and before matching in the replay.
///   - environment: Where `TABLEFLOW_RECORD`, `TABLEFLOW_LIVE` and `CI` are read.
///   - function: The calling test function, whose name the default paths use.
///   - fileID: The calling file's ID, where a failure is reported (Swift Testing).
///   - filePath: The calling test's file: the default paths sit beside it, and relative paths
///     start from its package root; a failure is reported there.
///   - line: The line a failure is reported at.
///   - column: The column a failure is reported at (Swift Testing).
/// - Returns: The log, the presented updates, the worst failure and what was recorded.
/// - Throws: ``SessionAssertionError`` when the session cannot run at all (no fixture in mode
///   `never`, recording without a live URL or under CI, an unreadable fixture, a feed that
///   refuses its parameters, a golden that cannot be written).
@discardableResult
public func assertSession(
  feed: any Feed, named name: String? = nil, fixture: String? = nil, intents: [Intent]? = nil,
  script: [ScriptedIntent]? = nil, golden: String? = nil, parameters: FeedParameters? = nil,
  expectedFailure: FailureCategory? = nil,
  record: SessionRecordMode? = nil, live: String? = nil, headers: [NameValue] = [],
  redacting: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
  function: String = #function, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async throws(SessionAssertionError) -> SessionResult {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  if intents != nil && script != nil {
    throw SessionAssertionError("assertSession: give intents or script, not both")
  }
  let settings = try RecordSettings(record: record, live: live, environment: environment)
  let paths = SessionPaths(
    fixture: fixture, golden: golden, name: name, function: function,
    filePath: String(describing: filePath))
  let request = PreparedSession.Request(
    feed: feed, fixturePath: paths.fixture, script: script ?? intents?.map { ScriptedIntent($0) },
    parameters: parameters,
    expectedFailure: expectedFailure, live: settings.live, headers: headers,
    redaction: Redaction(extraNames: redacting))
  let assertion = SessionAssertion(paths: paths, site: site)
  switch settings.mode.kind {
  case .never:
    return try await assertion.replay(request)
  case .missing:
    return try await assertion.record(request, mode: .missing, rewritesGolden: false)
  case .all:
    return try await assertion.record(request, mode: .all, rewritesGolden: true)
  case .failed:
    let manager = FileManager.default
    if manager.fileExists(atPath: paths.fixture) && manager.fileExists(atPath: paths.golden) {
      // A fixture that no longer replays at all (damaged, or refused) is re-recorded too.
      if let replayed = try? await assertion.replay(request, reportsDifference: false),
        replayed.goldenDifference == nil
      {
        return replayed
      }
    }
    return try await assertion.record(request, mode: .all, rewritesGolden: true)
  }
}
