/// A name–value pair of a recorded message's headers, kept in order (names may repeat).
public struct FixtureField: Hashable, Sendable {
  /// The header name as sent or received.
  public var name: String
  /// The header value.
  public var value: String

  /// Creates a pair.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}
