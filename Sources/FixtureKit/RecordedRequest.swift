/// A request as stored in a fixture: URL relative to the recording's base, secrets redacted.
public struct RecordedRequest: Hashable, Sendable {
  /// The HTTP method, upper case.
  public var method: String
  /// Path and query relative to the base URL, such as `/v2/book/1/reviews?start=0&count=3`.
  public var url: String
  /// The header fields in order.
  public var headers: [FixtureField]
  /// The exact body bytes, or `nil` when the request had none.
  public var body: [UInt8]?

  /// Creates a recorded request.
  public init(method: String, url: String, headers: [FixtureField] = [], body: [UInt8]? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}
