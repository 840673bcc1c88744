/// A request path below the transport's base URL, percent-encoded, in which every piece that
/// comes from data is one path segment's worth of text.
///
/// Write a path as a string literal and interpolate the data: the literal parts are kept as
/// written (they are yours), every interpolated value is percent-encoded so that it stays
/// inside its segment, whatever it holds (`/`, `?`, `#`, `%`, `..`, blanks, any Unicode):
///
/// ```swift
/// let id = "../../evil?steal=1#"
/// let path: RequestPath = "/v2/book/\(id)/reviews"
/// // path.encoded == "/v2/book/..%2F..%2Fevil%3Fsteal%3D1%23/reviews"
/// ```
///
/// Paths can also be built piece by piece, as a template engine does: ``init(segments:)``,
/// ``appending(_:)`` (one encoded segment), ``appending(literal:)`` (text kept as written) and
/// ``appending(value:)`` (encoded text inside the current segment). A segment that is
/// exactly `.` or `..` is encoded (`%2E`, `%2E%2E`), and ``HTTPTransport`` refuses to send a
/// path holding a dot segment, encoded or not, so a request never leaves the base URL's path.
public struct RequestPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The path, percent-encoded, as it is sent (below the base URL's own path).
  public private(set) var encoded: String

  /// A path written by hand, kept as written: `/api/profile`.
  ///
  /// Characters a path cannot hold (`?`, `#`, blanks, a `%` that starts no escape, non-ASCII)
  /// are percent-encoded when the request is sent, so a literal never carries a query.
  public init(stringLiteral value: String) {
    encoded = value
  }

  /// A path given as text, already percent-encoded: nothing in it is encoded but the
  /// characters a path cannot hold (see ``init(stringLiteral:)``). For a path holding data,
  /// interpolate the data into a literal or use ``init(segments:)`` instead.
  public init(encoded text: String) {
    encoded = text
  }

  /// A path from a string literal with interpolated values, each encoded as segment text.
  public init(stringInterpolation: StringInterpolation) {
    encoded = stringInterpolation.encoded
  }

  /// `/` followed by each segment, percent-encoded: `["book", "a/b"]` → `/book/a%2Fb`.
  ///
  /// No segments is the root path, `/`.
  public init(segments: [String]) {
    encoded = segments.isEmpty ? "/" : segments.map { "/" + Self.encodeSegment($0) }.joined()
  }

  /// The encoded path.
  public var description: String { encoded }

  /// This path with `segment` appended as one more segment (encoded, after a `/`).
  public func appending(_ segment: String) -> RequestPath {
    var copy = self
    if copy.encoded.hasSuffix("/") { copy.encoded.removeLast() }
    copy.encoded += "/" + Self.encodeSegment(segment)
    return copy
  }

  /// This path with `literal` appended as written (text you wrote, such as `/reviews`).
  public func appending(literal: String) -> RequestPath {
    var copy = self
    copy.encoded += literal
    return copy
  }

  /// This path with `value` appended, encoded, to its last segment (`/book-` + `1` + `.json`).
  public func appending(value: String) -> RequestPath {
    var copy = self
    copy.encoded += Self.encodeText(value)
    return copy
  }

  /// `value` percent-encoded as a whole path segment: every byte but ASCII letters, digits and
  /// `-._~` is encoded, and the dot segments `.` and `..` become `%2E` and `%2E%2E`.
  public static func encodeSegment(_ value: String) -> String {
    switch value {
    case ".": return "%2E"
    case "..": return "%2E%2E"
    default: return encodeText(value)
    }
  }

  /// `value` percent-encoded as part of a segment: every byte but ASCII letters, digits and
  /// `-._~` is encoded.
  static func encodeText(_ value: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      if URLPathText.isUnreserved(byte) {
        out.append(byte)
      } else {
        URLPathText.appendEscape(byte, to: &out)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Builds a ``RequestPath`` from a string literal: literal parts as written, each
  /// interpolated value encoded as segment text.
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var encoded: String

    /// Creates an empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {
      encoded = ""
      encoded.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    /// Appends text you wrote, as written.
    public mutating func appendLiteral(_ literal: String) {
      encoded += literal
    }

    /// Appends a value's text, percent-encoded so it stays inside its segment. A value that
    /// is a whole segment and reads `.` or `..` is encoded as a dot segment would be.
    public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      let text = value.description
      if encoded.hasSuffix("/") && (text == "." || text == "..") {
        encoded += RequestPath.encodeSegment(text)
      } else {
        encoded += RequestPath.encodeText(text)
      }
    }

    /// Appends a path you trust as written (such as a prefix from configuration); a value from
    /// data must not go here.
    public mutating func appendInterpolation(trusted path: RequestPath) {
      encoded += path.encoded
    }
  }
}
