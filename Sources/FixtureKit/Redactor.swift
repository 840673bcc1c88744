/// Applies a `Redaction` to records before they are written, remembering the secrets it saw.
///
/// Values of secret headers and query parameters are replaced by `REDACTED` where they stand.
/// Each such value (at least `minimumLearnedLength` bytes long) is also remembered, and every
/// later URL, header value, body and message has it scrubbed too, so a server that echoes a
/// token back cannot leak it into the file. Redact a session's records in order, with one
/// redactor.
public struct Redactor: Sendable {
  /// Shorter secret values are replaced where they stand but not hunted elsewhere.
  public static let minimumLearnedLength = 6

  /// The configuration.
  public let redaction: Redaction
  /// Literal texts scrubbed everywhere, longest first.
  private var secrets: [[UInt8]]

  /// Creates a redactor for `redaction`.
  public init(_ redaction: Redaction = .standard) {
    self.redaction = redaction
    secrets = []
    for pattern in redaction.bodyPatterns { learn(pattern) }
  }

  private mutating func learn(_ secret: String) {
    let bytes = Array(secret.utf8)
    guard bytes.count >= Self.minimumLearnedLength, !secrets.contains(bytes),
      secret != Redaction.replacement
    else { return }
    secrets.append(bytes)
    secrets.sort { $0.count > $1.count }
  }

  /// Learns the secret parts of a header value: the whole value, the credential after an
  /// authorization scheme, and each cookie's value.
  private mutating func learnHeaderValue(name: String, value: String) {
    learn(value)
    switch name.lowercased() {
    case "cookie", "set-cookie":
      for cookie in value.split(separator: ";") {
        let parts = cookie.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { learn(parts[1].trimmingSpaces) }
      }
    default:
      // `Bearer TOKEN`, `Basic CREDENTIALS`: the credential alone may be echoed elsewhere.
      let words = value.split(separator: " ", maxSplits: 1)
      if words.count == 2 { learn(String(words[1])) }
    }
  }

  /// Redacts a request's headers, query and body.
  public mutating func redact(_ request: RecordedRequest) -> RecordedRequest {
    var result = request
    result.headers = redactHeaders(request.headers)
    result.url = redactURL(request.url)
    let isForm = request.headers.contains {
      $0.name.lowercased() == "content-type" && $0.value.lowercased().contains("x-www-form-urlencoded")
    }
    if isForm, let body = request.body {
      // A form body is a query string: its password, token and key fields are redacted too.
      let text = String(decoding: body, as: UTF8.self)
      if Array(text.utf8) == body {
        result.body = Array(String(redactURL("?" + text).dropFirst()).utf8)
        return result
      }
    }
    result.body = request.body.map(scrub)
    return result
  }

  /// Redacts a response's headers and body.
  public mutating func redact(_ response: RecordedResponse) -> RecordedResponse {
    var result = response
    result.headers = redactHeaders(response.headers)
    result.body = scrub(response.body)
    return result
  }

  /// Scrubs known secrets from a failure's message.
  public func redact(_ failure: RecordedFailure) -> RecordedFailure {
    var result = failure
    result.message = scrub(failure.message)
    return result
  }

  /// Removes credentials (`user:password@`) and secret query values from an absolute base URL.
  public mutating func redactBaseURL(_ url: String) -> String {
    let characters = Array(url)
    var text = url
    if let colon = characters.indices.first(where: {
      $0 + 2 < characters.count && characters[$0] == ":" && characters[$0 + 1] == "/"
        && characters[$0 + 2] == "/"
    }) {
      let authorityStart = colon + 3
      let authorityEnd =
        characters[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? characters.count
      if let at = characters[authorityStart..<authorityEnd].lastIndex(of: "@") {
        let userInfo = String(characters[authorityStart..<at])
        learn(userInfo)
        for part in userInfo.split(separator: ":") { learn(QueryString.percentDecoded(part.utf8)) }
        text = String(characters[..<authorityStart]) + String(characters[(at + 1)...])
      }
    }
    return redactURL(text)
  }

  /// Replaces the values of secret query items in `url`, keeping everything else as written.
  public mutating func redactURL(_ url: String) -> String {
    guard let (prefix, pieces) = QueryString.rawPieces(url) else { return scrub(url) }
    var rewritten: [String] = []
    for piece in pieces {
      guard let equals = piece.firstIndex(of: "=") else {
        rewritten.append(String(piece))
        continue
      }
      let name = QueryString.percentDecoded(piece[..<equals].utf8)
      if redaction.redactsQueryItem(name) {
        let raw = String(piece[piece.index(after: equals)...])
        learn(raw)
        learn(QueryString.percentDecoded(raw.utf8))
        rewritten.append(String(piece[...equals]) + Redaction.replacement)
      } else {
        rewritten.append(String(piece))
      }
    }
    return scrub(String(prefix) + rewritten.joined(separator: "&"))
  }

  private mutating func redactHeaders(_ headers: [FixtureField]) -> [FixtureField] {
    for field in headers where redaction.redactsHeader(field.name) {
      learnHeaderValue(name: field.name, value: field.value)
    }
    return headers.map { field in
      if redaction.redactsHeader(field.name) {
        return FixtureField(field.name, Redaction.replacement)
      }
      return FixtureField(field.name, scrub(field.value))
    }
  }

  /// Replaces every known secret in `text`.
  public func scrub(_ text: String) -> String {
    guard !secrets.isEmpty else { return text }
    let bytes = Array(text.utf8)
    let scrubbed = scrub(bytes)
    return scrubbed == bytes ? text : String(decoding: scrubbed, as: UTF8.self)
  }

  /// Replaces every known secret in `bytes`.
  ///
  /// - Complexity: O(n × s) for n bytes and s secrets in the worst case; a scan of the first
  ///   byte of each secret in practice.
  public func scrub(_ bytes: [UInt8]) -> [UInt8] {
    var current = bytes
    let replacement = Array(Redaction.replacement.utf8)
    for secret in secrets {
      guard let first = secret.first, current.count >= secret.count else { continue }
      var output: [UInt8] = []
      var copiedUpTo = 0
      var index = 0
      let last = current.count - secret.count
      var found = false
      while index <= last {
        if current[index] == first, current[index..<(index + secret.count)].elementsEqual(secret) {
          if !found {
            output.reserveCapacity(current.count)
            found = true
          }
          output.append(contentsOf: current[copiedUpTo..<index])
          output.append(contentsOf: replacement)
          index += secret.count
          copiedUpTo = index
        } else {
          index += 1
        }
      }
      if found {
        output.append(contentsOf: current[copiedUpTo...])
        current = output
      }
    }
    return current
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
