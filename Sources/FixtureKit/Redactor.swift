/// Applies a `Redaction` to records before they are written, remembering the secrets it saw.
///
/// Values stored under secret names (headers, query items, form fields, JSON keys at any
/// depth, feed parameters) and every header the transport adds itself are replaced by
/// `REDACTED` where they stand. Each such value (at least `minimumLearnedLength` bytes long) is
/// also remembered, with its percent-decoded form where it applies and the forms it travels
/// in (base64 with and without padding, standard and URL-safe; percent-encoded), and every
/// later URL, header value, body, intent and message has it scrubbed too, so a server that
/// echoes a token back cannot leak it into the file. In a JSON body, strings written with
/// escapes are matched on their decoded text (`\u0053ECRET`), and a JSON document inside a
/// string is redacted by name like the body itself; a multipart form's fields named like
/// secrets are redacted, and so is JSON in an error record's message. Redact a session's
/// records in order, with one redactor.
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

  /// The number of distinct secret values learned so far.
  public var learnedCount: Int { secrets.count }

  /// Remembers `secret` so it is scrubbed wherever it appears later (ignored when shorter than
  /// `minimumLearnedLength`).
  public mutating func learn(_ secret: String) {
    let bytes = Array(secret.utf8)
    guard bytes.count >= Self.minimumLearnedLength, !secrets.contains(bytes),
      secret != Redaction.replacement
    else { return }
    for form in [bytes] + Self.encodedForms(of: bytes)
    where form.count >= Self.minimumLearnedLength && !secrets.contains(form) {
      secrets.append(form)
    }
    secrets.sort { $0.count > $1.count }
  }

  /// Learns the secret parts of a header value: the whole value, the credential after an
  /// authorization scheme (and, for `Basic`, the decoded `user:password` and password), and
  /// each cookie's value.
  private mutating func learnHeaderValue(name: String, value: String) {
    learn(value)
    switch name.lowercased() {
    case "cookie":
      for cookie in value.split(separator: ";") {
        let parts = cookie.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { learn(parts[1].trimmingSpaces) }
      }
    case "set-cookie":
      // `name=value; Expires=…; Path=/`: the value is the secret, the attributes are not.
      let parts = (value.split(separator: ";").first ?? "").split(separator: "=", maxSplits: 1)
      if parts.count == 2 { learn(parts[1].trimmingSpaces) }
    default:
      // `Bearer TOKEN`, `Basic CREDENTIALS`: the credential alone may be echoed elsewhere.
      let words = value.split(separator: " ", maxSplits: 1)
      guard words.count == 2 else { return }
      let credential = words[1].trimmingSpaces
      learn(credential)
      if words[0].lowercased() == "basic" {
        let decoded = Array(credential.utf8).withUnsafeBytes { JSONText.decodeBase64($0) }
        if let decoded, let text = ValidatedUTF8.string(decoded) {
          learnUserInfo(text)
        }
      }
    }
  }

  /// Learns `user:password` (decoded): the pair, the password, and the pair's base64.
  private mutating func learnUserInfo(_ userInfo: String) {
    learn(userInfo)
    if let colon = userInfo.firstIndex(of: ":") { learn(String(userInfo[userInfo.index(after: colon)...])) }
    let buffer = ByteBuffer(capacity: userInfo.utf8.count * 4 / 3 + 8)
    var copy = userInfo
    copy.withUTF8 { JSONText.appendBase64($0, to: buffer) }
    learn(String(decoding: UnsafeRawBufferPointer(buffer.live), as: UTF8.self))
  }

  /// Redacts a request's headers, query and body.
  ///
  /// - Parameters:
  ///   - request: The request as the transport sent it.
  ///   - addedHeaders: headers the transport adds to every request itself (`--header`,
  ///     URL credentials): they are recorded in front of the request's own, every value
  ///     redacted whatever its name, and learned.
  public mutating func redact(
    _ request: RecordedRequest, addedHeaders: [FixtureField] = []
  ) -> RecordedRequest {
    var result = request
    for field in addedHeaders { learnHeaderValue(name: field.name, value: field.value) }
    result.headers =
      addedHeaders.map { FixtureField($0.name, Redaction.replacement) } + redactHeaders(request.headers)
    result.url = redactURL(request.url)
    guard let body = request.body else { return result }
    let isForm = request.headers.contains {
      $0.name.lowercased() == "content-type" && $0.value.lowercased().contains("x-www-form-urlencoded")
    }
    if isForm, let text = ValidatedUTF8.string(body) {
      // A form body is a query string: its password, token and key fields are redacted too.
      result.body = Array(String(redactURL("?" + text).dropFirst()).utf8)
      return result
    }
    if let boundary = Self.multipartBoundary(request.headers) {
      result.body = redactBody(redactMultipart(body, boundary: boundary))
      return result
    }
    result.body = redactBody(body)
    return result
  }

  /// Redacts a response's headers and body.
  public mutating func redact(_ response: RecordedResponse) -> RecordedResponse {
    var result = response
    result.headers = redactHeaders(response.headers)
    result.body = redactBody(response.body)
    return result
  }

  /// Redacts an intent line: the text of `edit NAME TEXT` when NAME is a secret name (a
  /// password typed into a form) becomes `REDACTED` and is learned; every known secret is
  /// scrubbed.
  public mutating func redact(intent: String) -> String {
    redact(intent: intent, isSecureEdit: nil)
  }

  /// Redacts an intent line knowing whether it is an edit to a secure field: the text of an
  /// `edit` for which `isSecureEdit` is `true` becomes `REDACTED` and is learned, one for which
  /// it is `false` is kept as typed; `nil` (not known) lets the row id's name decide, as
  /// ``redact(intent:)`` does. Every known secret is scrubbed.
  public mutating func redact(intent: String, isSecureEdit: Bool?) -> String {
    if let edit = Self.editParts(of: intent), isSecureEdit ?? redaction.isSecretName(edit.id) {
      learn(edit.text)
      if edit.writtenText != edit.text { learn(String(edit.writtenText)) }
      return "edit \(edit.writtenID) \(Redaction.replacement)"
    }
    return scrub(intent)
  }

  /// Redacts a fixture header: credentials in the base URL, and parameters with secret names.
  public mutating func redact(_ header: FixtureHeader) -> FixtureHeader {
    var result = header
    result.base = header.base.map { redactBaseURL($0) }
    result.params = redactParameters(header.params)
    return result
  }

  /// Replaces the values of feed parameters with secret names (learning them).
  public mutating func redactParameters(_ parameters: [String: String]) -> [String: String] {
    var result = parameters
    for (name, value) in parameters.sorted(by: { $0.key < $1.key }) where redaction.isSecretName(name) {
      learn(value)
      result[name] = value.isEmpty ? value : Redaction.replacement
    }
    for (name, value) in result where !redaction.isSecretName(name) { result[name] = scrub(value) }
    return result
  }

  /// Redacts one record of an existing fixture (the `tableflow redact` rewrite).
  public mutating func redact(_ entry: FixtureRecord.Entry) -> FixtureRecord.Entry {
    switch entry {
    case .request(let request): return .request(redact(request))
    case .response(let response): return .response(redact(response))
    case .intent(let intent): return .intent(redact(intent: intent))
    case .error(let failure): return .error(redact(failure))
    }
  }

  /// Redacts a JSON body by key name (JSON documents inside its strings too), then scrubs
  /// every known secret from it, strings written with escapes matched on their decoded text.
  private mutating func redactBody(_ body: [UInt8]) -> [UInt8] {
    var current = body
    if JSONSecretRewriter.looksLikeJSON(body) {
      var learned: [String] = []
      if let named = Self.redactingByName(body, redaction, depth: 0, learned: &learned) { current = named }
      for value in learned { learn(value) }
      if let scrubbed = scrubbingEscapedStrings(current, depth: 0) { current = scrubbed }
    }
    return scrub(current)
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
        for part in userInfo.split(separator: ":") { learn(String(part)) }
        learnUserInfo(QueryString.percentDecoded(userInfo.utf8))
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
      let raw = String(piece[piece.index(after: equals)...])
      if redaction.redactsQueryItem(name), !raw.isEmpty {
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

  /// Replaces every known secret in `bytes`, longest first where several start at one place,
  /// then every run of base64 text whose decoded bytes hold one (the base64 of a longer text).
  ///
  /// - Complexity: one pass over the bytes; at a byte that starts some secret, a comparison
  ///   with each secret starting with it.
  public func scrub(_ bytes: [UInt8]) -> [UInt8] {
    guard !secrets.isEmpty else { return bytes }
    var starts = [Bool](repeating: false, count: 256)
    for secret in secrets { if let first = secret.first { starts[Int(first)] = true } }
    let replacement = Array(Redaction.replacement.utf8)
    var output: [UInt8] = []
    var copiedUpTo = 0
    var index = 0
    let count = bytes.count
    while index < count {
      guard starts[Int(bytes[index])] else {
        index += 1
        continue
      }
      var matched = 0
      for secret in secrets where secret.first == bytes[index] && count - index >= secret.count {
        if bytes[index..<(index + secret.count)].elementsEqual(secret) {
          matched = secret.count
          break
        }
      }
      guard matched > 0 else {
        index += 1
        continue
      }
      if output.isEmpty { output.reserveCapacity(count) }
      output.append(contentsOf: bytes[copiedUpTo..<index])
      output.append(contentsOf: replacement)
      index += matched
      copiedUpTo = index
    }
    guard copiedUpTo > 0 else { return scrubEncodedRuns(bytes, secrets: secrets) }
    output.append(contentsOf: bytes[copiedUpTo...])
    return scrubEncodedRuns(output, secrets: secrets)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
