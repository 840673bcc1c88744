import Foundation
import TableFlow
import TableFlowViewer

/// The runs of one `assertSession` call and what they fail with: a replay compared with the
/// golden, or a recording that becomes the fixture (and golden) only when its session ends as
/// expected.
struct SessionAssertion {
  let paths: SessionPaths
  let site: CallSite

  /// Replays the fixture and compares the log with the golden; a difference (or a missing
  /// golden) fails the test, when `reportsDifference`, and writes `GOLDEN.new`.
  func replay(
    _ request: PreparedSession.Request, reportsDifference: Bool = true
  ) async throws(SessionAssertionError) -> SessionResult {
    let (outcome, updates, page) = try await PreparedSession(request, mode: .none).run()
    var result = makeResult(outcome, updates: updates, recorded: false)
    guard let expected = try readGolden() else {
      result.goldenDifference = GoldenLogDifference(expected: "", actual: outcome.log)
      if reportsDifference {
        try write(outcome.log, to: paths.golden + ".new")
        site.fail(
          "\(paths.golden): no golden log; wrote \(paths.golden).new: review it, move it over the golden, check it in and run again"
        )
      }
      return result
    }
    result.goldenDifference = GoldenLogDifference(expected: expected, actual: outcome.log)
    if let difference = result.goldenDifference, reportsDifference {
      try write(outcome.log, to: paths.golden + ".new")
      let review = try writeReviewPage(golden: expected, new: outcome.log, page: page, note: "\(difference)")
      site.fail(
        "\(paths.golden): the log differs at \(difference)\n"
          + "wrote \(paths.golden).new: review it (diff, or open \(review)), then move it over the golden")
    } else if result.goldenDifference == nil {
      removeStaleReviewPage()
    }
    return result
  }

  /// Records the session live in `mode` (`.missing` or `.all`). When the recording replaced
  /// the fixture, a missing golden is written and fails the test once; a changed log is written
  /// to the golden when `rewritesGolden` (else to `GOLDEN.new`) and fails the test once. When
  /// it did not, the fixture and golden are untouched and the test fails naming the partial
  /// file.
  func record(
    _ request: PreparedSession.Request, mode: RecordMode, rewritesGolden: Bool
  ) async throws(SessionAssertionError) -> SessionResult {
    let prepared = try PreparedSession(request, mode: mode)
    let (outcome, updates, page) = try await prepared.run()
    var result = makeResult(outcome, updates: updates, recorded: true)
    let expected = try readGolden()
    result.goldenDifference = GoldenLogDifference(expected: expected ?? "", actual: outcome.log)
    guard let recording = outcome.recording, recording.replacedFixture else {
      let partial = prepared.session.recorder?.partialPath ?? paths.fixture + ".partial"
      let why = Self.whyNotReplaced(outcome, expectedFailure: request.expectedFailure)
      site.fail(
        "\(paths.fixture): not replaced, \(why); the fixture and golden are untouched, "
          + "the recording is kept in \(partial)")
      return result
    }
    result.replacedFixture = true
    guard expected != nil else {
      try write(outcome.log, to: paths.golden)
      site.fail(
        "\(paths.golden): no golden log; recorded \(paths.fixture) and wrote the golden: "
          + "review it, check both in and run again")
      return result
    }
    guard let difference = result.goldenDifference else {
      removeStaleReviewPage()
      return result
    }
    if rewritesGolden {
      try write(outcome.log, to: paths.golden)
      site.fail(
        "\(paths.golden): re-recorded \(paths.fixture); the log differed at \(difference)\n"
          + "the golden now holds the new log: review the change (git diff), then run again")
    } else {
      try write(outcome.log, to: paths.golden + ".new")
      let review = try writeReviewPage(
        golden: expected ?? "", new: outcome.log, page: page, note: "\(difference)")
      site.fail(
        "\(paths.golden): the log differs at \(difference)\n"
          + "wrote \(paths.golden).new: review it (diff, or open \(review)), then move it over the golden")
    }
    return result
  }

  /// Where a failing session's review page goes: beside the golden, `GOLDEN.review.html`.
  var reviewPagePath: String { paths.golden + ".review.html" }

  /// Writes the review page of a session whose log differs from its golden: the golden and
  /// the new log step by step, the new tables drawn, as `tableflow verify --html` shows a
  /// failing fixture. Returns its path.
  private func writeReviewPage(
    golden: String, new: String, page: SessionPageBuilder, note: String
  ) throws(SessionAssertionError) -> String {
    let name = URL(fileURLWithPath: paths.fixture).lastPathComponent
    var report = VerifyReport(title: "assertSession \(name)")
    var entry = VerifyReport.Entry(
      path: paths.fixture, verdict: .fail, note: "the log differs from the golden at " + note,
      accept:
        "mv \(VerifyReport.shellQuoted(paths.golden + ".new")) \(VerifyReport.shellQuoted(paths.golden))")
    (entry.goldenPath, entry.golden, entry.new) = (paths.golden, golden, new)
    entry.page = page.page(title: name)
    report.entries.append(entry)
    try write(report.html(), to: reviewPagePath)
    return reviewPagePath
  }

  /// A passing session leaves no review page of an earlier failure behind.
  private func removeStaleReviewPage() {
    try? FileManager.default.removeItem(atPath: reviewPagePath)
  }

  private func makeResult(
    _ outcome: FeedSessionOutcome, updates: [PresentedUpdate], recorded: Bool
  ) -> SessionResult {
    var result = SessionResult(log: outcome.log, worstFailure: outcome.worstFailure, recorded: recorded)
    result.updates = updates
    result.fixturePath = paths.fixture
    result.goldenPath = paths.golden
    return result
  }

  /// Why a recording did not replace its fixture, for the failure message.
  static func whyNotReplaced(_ outcome: FeedSessionOutcome, expectedFailure: FailureCategory?) -> String {
    if let failure = outcome.recording?.recordingFailure {
      return "the recording could not be finished: \(failure)"
    }
    if outcome.session.wasCancelled { return "the session was cancelled" }
    switch (outcome.worstFailure, expectedFailure) {
    case (let failure?, nil): return "the session failed: \(failure)"
    case (nil, let expected?): return "the session ended without the expected \(expected) failure"
    case (let failure?, let expected?):
      return "the session failed with \(failure), not the expected \(expected) failure"
    case (nil, nil): return "the session ended unexpectedly"
    }
  }

  /// The golden's text, or `nil` when there is none.
  private func readGolden() throws(SessionAssertionError) -> String? {
    guard FileManager.default.fileExists(atPath: paths.golden) else { return nil }
    guard let data = FileManager.default.contents(atPath: paths.golden) else {
      throw SessionAssertionError("\(paths.golden): cannot read the golden log")
    }
    return String(decoding: data, as: UTF8.self)
  }

  private func write(_ log: String, to path: String) throws(SessionAssertionError) {
    do {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(log.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw SessionAssertionError("\(path): cannot write: \(error.localizedDescription)")
    }
  }
}
