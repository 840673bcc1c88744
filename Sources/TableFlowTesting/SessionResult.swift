import TableFlow

/// What a session assertion saw.
public struct SessionResult: Sendable {
  /// The session's text log, as `tableflow replay` prints it.
  public var log: String
  /// The most severe failure the session ended with, if any.
  public var worstFailure: PipelineFailure?
  /// Whether the session was recorded live (record modes other than `never`); see
  /// ``replacedFixture`` for whether the recording became the fixture.
  public var recorded: Bool
  /// Whether the recording replaced the fixture; `false` when replaying, and when a recording
  /// was kept as `FIXTURE.partial` because its session failed.
  public var replacedFixture: Bool = false
  /// Where the log first differs from the golden, or `nil` when it matches.
  public var goldenDifference: GoldenLogDifference?
  /// Every update the session presented, in order: `expectUpdates(result.updates)` checks
  /// each changeset against a headless table, as an app's table view would apply it.
  public var updates: [PresentedUpdate] = []
  /// The fixture's path, as resolved (given, or derived from the test: see `assertSession`).
  public var fixturePath: String = ""
  /// The golden log's path, as resolved.
  public var goldenPath: String = ""

  init(log: String, worstFailure: PipelineFailure?, recorded: Bool) {
    self.log = log
    self.worstFailure = worstFailure
    self.recorded = recorded
  }
}
