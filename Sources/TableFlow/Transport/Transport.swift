import Foundation

/// Sends requests to a backend and hands back its raw answers; decoding is left to the feed.
///
/// Implementations: `HTTPTransport` (URLSession), `ReplayTransport` (a recorded fixture) and
/// `RecordingTransport` (wraps another transport and writes a fixture).
///
/// Cancelling the calling task cancels the request in flight; the call then throws
/// `TransportError` with code `.cancelled`.
public protocol Transport: Sendable {
  /// Sends one request and returns the response, whatever its status.
  ///
  /// Non-2xx statuses are returned, not thrown: the caller decides what a status means.
  /// - Throws: `TransportError` for connection failures, timeouts, cancellation and replay
  ///   misses.
  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse

  /// The headers the transport adds to every request itself (configured credentials such as
  /// `--header` values or a base URL's `user:password`), so a recorder can record and redact
  /// them; empty by default.
  var addedHeaders: [NameValue] { get }

  /// Sends request number `number` of the session: requests are numbered from 0 in the order
  /// the pipeline starts them. A replay answers it with the recorded request of the same
  /// number when they match; other transports ignore the number (the default calls
  /// ``send(_:)``).
  func send(_ request: TransportRequest, number: Int) async throws(TransportError) -> TransportResponse
}

extension Transport {
  /// Ignores the number and calls ``send(_:)``.
  public func send(_ request: TransportRequest, number: Int) async throws(TransportError) -> TransportResponse
  {
    try await send(request)
  }

  /// No headers of its own.
  public var addedHeaders: [NameValue] { [] }
}

/// A name–value pair of a request's query or a message's headers, in order.
public struct NameValue: Hashable, Sendable {
  /// The name.
  public var name: String
  /// The value.
  public var value: String

  /// Creates a pair.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A request relative to a transport's base URL.
///
/// The path is relative to the base (which may carry a prefix such as `/v1`), so a recorded
/// request matches its replay whatever host and port the recording used.
public struct TransportRequest: Hashable, Sendable {
  /// The HTTP method, upper case.
  public var method: String
  /// The path below the base URL, starting with `/`, percent-encoded (see ``RequestPath``):
  /// characters a path cannot hold (`?`, `#`, blanks, non-ASCII) are encoded when it is sent,
  /// so it never carries a query.
  public var path: String
  /// The query items in order.
  public var query: [NameValue]
  /// The header fields in order.
  public var headers: [NameValue]
  /// The body, if any.
  public var body: [UInt8]?
  /// How long to wait for the response before failing with `.timedOut`; `nil` uses the
  /// transport's default.
  public var timeout: Duration?

  /// Creates a request for `path`: text you wrote is kept, interpolated values are encoded
  /// as path segment text (see ``RequestPath``).
  public init(
    method: String = "GET", path: RequestPath, query: [NameValue] = [], headers: [NameValue] = [],
    body: [UInt8]? = nil, timeout: Duration? = nil
  ) {
    self.init(
      method: method, encodedPath: path.encoded, query: query, headers: headers, body: body, timeout: timeout)
  }

  private init(
    method: String, encodedPath path: String, query: [NameValue] = [], headers: [NameValue] = [],
    body: [UInt8]? = nil, timeout: Duration? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// The path and query, percent-encoded, as sent: `/path?name=value&…`.
  public var relativeURL: String {
    let encodedPath = URLPathText.normalized(path)
    return encodedQuery.map { encodedPath + "?" + $0 } ?? encodedPath
  }

  /// The query, percent-encoded, without `?`; `nil` when there are no items.
  var encodedQuery: String? {
    guard !query.isEmpty else { return nil }
    var components = URLComponents()
    components.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
    return components.percentEncodedQuery ?? ""
  }
}

/// A backend's answer: status, headers, exact body bytes and how long it took.
public struct TransportResponse: Hashable, Sendable {
  /// The HTTP status code.
  public var status: Int
  /// The header fields in order.
  public var headers: [NameValue]
  /// The body bytes, exactly as received.
  public var body: [UInt8]
  /// The time from sending the request to receiving the whole body.
  public var elapsed: Duration

  /// Creates a response.
  public init(status: Int, headers: [NameValue] = [], body: [UInt8], elapsed: Duration = .zero) {
    self.status = status
    self.headers = headers
    self.body = body
    self.elapsed = elapsed
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }
}

/// A transport failure. New codes may be added without breaking callers.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// The server could not be reached (refused, unknown host, reset).
    public static let unreachable = Code("unreachable")
    /// No complete response within the timeout.
    public static let timedOut = Code("timed out")
    /// The calling task was cancelled.
    public static let cancelled = Code("cancelled")
    /// A replayed session has no recorded answer for the request.
    public static let notRecorded = Code("not recorded")
    /// The request could not be formed (bad URL, bad header).
    public static let invalidRequest = Code("invalid request")
    /// A recording could not be written.
    public static let recordingFailed = Code("recording failed")
    /// The response body is over the size cap (or a fixture's limits).
    public static let responseTooLarge = Code("response too large")
    /// The server redirected to another origin and following was not allowed.
    public static let redirectRefused = Code("redirect refused")

    /// The code's name.
    public var description: String { name }
  }

  /// What went wrong.
  public var code: Code
  /// A one-line explanation naming what failed and why.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// `code: message`.
  public var description: String { "\(code): \(message)" }
}
