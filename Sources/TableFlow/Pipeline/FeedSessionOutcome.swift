/// How a ``FeedSession`` ended: the session, the recording (when recorded) and the log.
public struct FeedSessionOutcome: Sendable {
  /// The session itself: its worst failure, counts, whether it was cancelled.
  public let session: SessionOutcome
  /// What became of the recording, when the session was recorded.
  public let recording: RecordingOutcome?
  /// The whole snapshot log, when the run kept it (else empty).
  public let log: String

  /// The most severe failure the session ended with, if any.
  public var worstFailure: PipelineFailure? { session.worstFailure }
}
