import TableFlow

/// What `verify` concluded about one session: the verdict its reports carry (`--json`,
/// `--junit`, the timings file and the cache), built as the session is checked and read back
/// from a shard's JSON report by `--merge`.
struct SessionResult: Hashable, Sendable {
  /// A session's verdict in the reports.
  enum Status: String, Hashable, Sendable, CaseIterable {
    /// Replayed: the log matched its golden and the session ended as expected.
    case passed
    /// The log differs, the session ended otherwise than expected, or a file is missing.
    case failed
    /// Not replayed: unchanged since it last passed (`--cache`).
    case cached
  }

  /// Where a log first differs from its golden (``GoldenLogDifference``'s findings, kept as
  /// the reports carry them).
  struct Difference: Hashable, Sendable {
    /// The 1-based line number of the first differing line.
    var line: Int
    /// The intent line of the step holding it, `nil` before the first intent.
    var step: String?
    /// That step's 1-based number (0 before the first intent).
    var stepNumber: Int
    /// The golden's line there, `nil` when the golden ends first.
    var expected: String?
    /// The new log's line there, `nil` when the log ends first.
    var actual: String?

    init(line: Int, step: String?, stepNumber: Int, expected: String?, actual: String?) {
      self.line = line
      self.step = step
      self.stepNumber = stepNumber
      self.expected = expected
      self.actual = actual
    }

    init(_ difference: GoldenLogDifference) {
      self.init(
        line: difference.line, step: difference.step, stepNumber: difference.stepNumber,
        expected: difference.expected, actual: difference.actual)
    }

    /// Where, in words: `step 2 (> select x)` or `before the first intent`.
    var place: String { step.map { "step \(stepNumber) (\($0))" } ?? "before the first intent" }
  }

  /// The session's path without extension, as listed (the folder as given, then the name).
  var stem: String
  /// The fixture's path, or `nil` for a golden or sidecar without a fixture.
  var fixture: String?
  /// The golden log's path (`NAME.log`), whether or not it exists.
  var golden: String
  var status: Status
  /// What the session adds to `verify`'s exit code: 0 when it passed.
  var exit: ExitCode
  /// For a session that fails by design (its `.expect` sidecar) and did so: the exit it ended
  /// with, as expected.
  var expectedExit: ExitCode?
  /// How long the replay took, in milliseconds (0 when it was not replayed).
  var durationMilliseconds: Double = 0
  /// Where the log first differs from its golden, when it does.
  var difference: Difference?
  /// A few lines of the golden and the new log around the first difference, `-`/`+` marked.
  var diff: String?
  /// Why the session failed, in one line per cause (the text of its `FAIL` lines).
  var messages: [String] = []
  /// The recorded requests the session never sent (`METHOD URL`), in recorded order.
  var unusedRequests: [String] = []

  /// The name that stands for the session: its fixture, else its golden.
  var name: String { fixture ?? golden }

  /// A duration as whole microseconds in milliseconds (`12.345`), so reports stay short.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    let micros = Double(seconds) * 1_000_000 + (Double(attoseconds) / 1e12).rounded()
    return max(0, micros) / 1000
  }
}
