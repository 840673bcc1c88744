/// A response as stored in a fixture, tied to the request it answers.
public struct RecordedResponse: Hashable, Sendable {
  /// The `seq` of the request record this answers.
  public var request: Int
  /// The HTTP status code.
  public var status: Int
  /// The header fields in order.
  public var headers: [FixtureField]
  /// The exact body bytes (stored as JSON text when valid UTF-8, else base64).
  public var body: [UInt8]
  /// How long the live response took, in milliseconds.
  public var elapsedMilliseconds: Double

  /// Creates a recorded response.
  public init(
    request: Int, status: Int, headers: [FixtureField] = [], body: [UInt8],
    elapsedMilliseconds: Double = 0
  ) {
    self.request = request
    self.status = status
    self.headers = headers
    self.body = body
    self.elapsedMilliseconds = elapsedMilliseconds
  }
}
