/// One line of a fixture after the header: a sequence number and what happened.
public struct FixtureRecord: Hashable, Sendable {
  /// What a record holds.
  public enum Entry: Hashable, Sendable {
    /// A request sent to the backend (`"type":"request"`).
    case request(RecordedRequest)
    /// A response received (`"type":"response"`).
    case response(RecordedResponse)
    /// One line of the intents-file syntax, such as `select book-123` (`"type":"intent"`).
    case intent(String)
    /// A failure (`"type":"error"`).
    case error(RecordedFailure)
  }

  /// The record's position in the session, 1 for the first record after the header.
  public var seq: Int
  /// What happened.
  public var entry: Entry

  /// Creates a record.
  public init(seq: Int, entry: Entry) {
    self.seq = seq
    self.entry = entry
  }
}
