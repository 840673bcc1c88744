/// Which secrets a recorder removes before anything is written.
///
/// Names are matched case-insensitively. The values of listed headers and query parameters
/// become `REDACTED`; body patterns are literal texts (no regular expressions) replaced
/// wherever they occur. Replay matching treats a recorded `REDACTED` as matching any value.
public struct Redaction: Hashable, Sendable {
  /// The text that replaces a secret.
  public static let replacement = "REDACTED"

  /// Headers redacted by default: credentials, cookies and API-key headers.
  public static let defaultHeaderNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    "apikey", "x-apikey", "x-auth-token", "x-access-token", "x-amz-security-token",
  ]

  /// Query parameters redacted by default: token-like names.
  public static let defaultQueryNames: Set<String> = [
    "token", "access_token", "api_key", "apikey", "key", "secret", "password", "signature",
    "client_secret", "refresh_token", "id_token",
  ]

  /// Header names to redact, lower case.
  public var headerNames: Set<String>
  /// Query parameter names to redact, lower case.
  public var queryNames: Set<String>
  /// Literal texts to replace in bodies, URLs, header values and error messages.
  public var bodyPatterns: [String]

  /// The defaults plus extra header names, query names and literal body patterns.
  public init(
    extraHeaderNames: [String] = [], extraQueryNames: [String] = [], bodyPatterns: [String] = []
  ) {
    headerNames = Self.defaultHeaderNames.union(extraHeaderNames.map { $0.lowercased() })
    queryNames = Self.defaultQueryNames.union(extraQueryNames.map { $0.lowercased() })
    self.bodyPatterns = bodyPatterns.filter { !$0.isEmpty }
  }

  /// The default redaction.
  public static let standard = Redaction()

  /// Whether a header's value is a secret.
  public func redactsHeader(_ name: String) -> Bool { headerNames.contains(name.lowercased()) }

  /// Whether a query parameter's value is a secret.
  public func redactsQueryItem(_ name: String) -> Bool { queryNames.contains(name.lowercased()) }
}
