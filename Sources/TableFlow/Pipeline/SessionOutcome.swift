/// How a session run with ``Pipeline/run(_:onEvent:)`` ended.
public struct SessionOutcome: Sendable {
  /// The most severe failure seen (the first of its category), if any.
  public let worstFailure: PipelineFailure?
  /// The number of snapshots presented.
  public let presentedCount: Int
  /// The number of events published.
  public let eventCount: Int
  /// Whether the session was cancelled before every intent was handled.
  public let wasCancelled: Bool

  /// The exit code for a command-line tool: 0 without failure, else the worst failure's
  /// (65 data, 69 network, 70 internal).
  public var exitCode: Int32 { worstFailure?.category.exitCode ?? 0 }
}
