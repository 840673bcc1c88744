/// Which secrets a recorder removes before anything is written.
///
/// A *secret name* is matched case-insensitively wherever a name meets a value: header names,
/// query items, form fields, keys of JSON bodies at any depth, and feed parameters. The
/// defaults are the credential names in ``defaultNames`` plus any name containing `token`,
/// `secret`, `password` or `passphrase`; `extraNames` (the command line's `--redact NAME`) adds more. Values
/// under a secret name become `REDACTED`, and each such value is learned and scrubbed wherever
/// it is echoed later (see ``Redactor``). Body patterns are literal texts (no regular
/// expressions) replaced wherever they occur. Replay matching redacts the incoming request the
/// same way, and a recorded `REDACTED` query value matches any value.
public struct Redaction: Hashable, Sendable {
  /// The text that replaces a secret.
  public static let replacement = "REDACTED"

  /// Names redacted by default wherever they appear: credentials, cookies, API keys, tokens.
  public static let defaultNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "password", "passwd", "secret",
    "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "api-key",
    "x-api-key", "x-apikey", "client_secret", "session", "session_id", "sessionid",
    "x-amz-security-token", "private_key",
  ]

  /// Any name containing one of these (lower case) is a secret name too.
  public static let secretFragments: [String] = ["token", "secret", "password", "passphrase"]

  /// Query parameter names redacted on top of the secret names (`?key=…&signature=…`); JSON
  /// keys named `key` are left alone, since feeds use them for ordinary data.
  public static let defaultQueryOnlyNames: Set<String> = ["key", "signature", "sig"]

  /// Extra secret names, lower case (`--redact NAME`).
  public var extraNames: Set<String>
  /// Literal texts to replace in bodies, URLs, header values and error messages.
  public var bodyPatterns: [String]

  /// The defaults plus extra secret names and literal body patterns.
  ///
  /// - Parameters:
  ///   - extraNames: more names whose values are secrets, matched case-insensitively.
  ///   - bodyPatterns: literal texts scrubbed wherever they occur (empty texts are ignored).
  public init(extraNames: [String] = [], bodyPatterns: [String] = []) {
    self.extraNames = Set(extraNames.map { $0.lowercased() }.filter { !$0.isEmpty })
    self.bodyPatterns = bodyPatterns.filter { !$0.isEmpty }
  }

  /// The default redaction.
  public static let standard = Redaction()

  /// Whether a value stored under `name` (a header, JSON key, form field or parameter) is a
  /// secret.
  public func isSecretName(_ name: String) -> Bool {
    let lower = name.lowercased()
    if Self.defaultNames.contains(lower) || extraNames.contains(lower) { return true }
    return Self.secretFragments.contains { lower.contains($0) }
  }

  /// Whether a header's value is a secret.
  public func redactsHeader(_ name: String) -> Bool { isSecretName(name) }

  /// Whether a query parameter's value is a secret.
  public func redactsQueryItem(_ name: String) -> Bool {
    isSecretName(name) || Self.defaultQueryOnlyNames.contains(name.lowercased())
  }
}
