/// What a replay does with requests the fixture cannot answer.
///
/// Named after what they do, as in snapshot testing: CI uses `none`.
public enum RecordMode: String, Sendable, CaseIterable {
  /// Replay only: an unrecorded request fails with `TransportError.notRecorded`.
  case none
  /// Replay what is recorded; send unrecorded requests live and record them.
  case missing
  /// Send every request live and record it, ignoring the fixture's answers.
  case all
}
