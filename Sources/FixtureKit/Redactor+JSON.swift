/// JSON in bodies and messages: redaction by name at any depth, JSON documents inside strings
/// included, and known secrets in strings written with escapes, matched on their decoded text.
extension Redactor {
  /// How deep JSON documents inside strings inside strings are followed.
  static let maximumNesting = 8

  /// A JSON document redacted by name, and so is each JSON document written inside one of its
  /// strings (to `maximumNesting`), which is then written again with JSONText's escaper;
  /// `nil` when nothing changed. The values replaced are added to `learned`.
  static func redactingByName(
    _ bytes: [UInt8], _ redaction: Redaction, depth: Int, learned: inout [String]
  ) -> [UInt8]? {
    var current: [UInt8]?
    if let outcome = JSONSecretRewriter.rewrite(bytes, isSecret: { redaction.isSecretName($0) }) {
      learned += outcome.replaced
      current = outcome.bytes
    }
    if let nested = redactingNestedDocuments(current ?? bytes, redaction, depth: depth, learned: &learned) {
      current = nested
    }
    return current
  }

  /// `bytes` with each JSON document written inside a string (`"{\"token\":\"…\"}"`) redacted
  /// by name (`redactingByName(_:_:depth:learned:)`); `nil` when none changed.
  static func redactingNestedDocuments(
    _ bytes: [UInt8], _ redaction: Redaction, depth: Int, learned: inout [String]
  ) -> [UInt8]? {
    guard depth < maximumNesting else { return nil }
    return JSONSecretRewriter.rewriteEscapedStrings(bytes, if: JSONSecretRewriter.startsLikeJSON) {
      text -> String? in
      let inner = Array(text.utf8)
      guard JSONSecretRewriter.looksLikeJSON(inner),
        let redacted = redactingByName(inner, redaction, depth: depth + 1, learned: &learned)
      else { return nil }
      return String(decoding: redacted, as: UTF8.self)
    }
  }

  /// `bytes` with every known secret scrubbed from the decoded text of each string written
  /// with escapes (`\u0053ECRET`), strings inside such strings too (to `maximumNesting`);
  /// `nil` when none changed.
  func scrubbingEscapedStrings(_ bytes: [UInt8], depth: Int) -> [UInt8]? {
    guard learnedCount > 0, depth < Self.maximumNesting else { return nil }
    return JSONSecretRewriter.rewriteEscapedStrings(bytes, if: { _ in true }) { text -> String? in
      var scrubbed = scrub(text)
      if scrubbed.utf8.contains(UInt8(ascii: "\\")),
        let inner = scrubbingEscapedStrings(Array(scrubbed.utf8), depth: depth + 1)
      {
        scrubbed = String(decoding: inner, as: UTF8.self)
      }
      return scrubbed == text ? nil : scrubbed
    }
  }

  /// Scrubs known secrets from a failure's message, and redacts by name the JSON it quotes
  /// (from its first `{` or `[` on, as far as it goes; a JSON document written inside a
  /// quoted string too) and the query items of the URLs it names (`?api_key=…`).
  public func redact(_ failure: RecordedFailure) -> RecordedFailure {
    var result = failure
    var bytes = Array(failure.message.utf8)
    let redaction = redaction
    if let start = bytes.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) {
      if let outcome = JSONSecretRewriter.rewrite(
        Array(bytes[start...]), isSecret: { redaction.isSecretName($0) })
      {
        bytes = Array(bytes[..<start]) + outcome.bytes
      }
    }
    var learned: [String] = []
    if let nested = Self.redactingNestedDocuments(bytes, redaction, depth: 0, learned: &learned) {
      bytes = nested
    }
    if let scrubbed = scrubbingEscapedStrings(bytes, depth: 0) { bytes = scrubbed }
    result.message = String(decoding: scrub(Self.redactingQueryItems(in: bytes, redaction)), as: UTF8.self)
    return result
  }

  /// `text` with the value of each query item named like a secret (`?token=…`, `&api_key=…`)
  /// replaced, up to the next blank, quote, `&` or `#`.
  static func redactingQueryItems(in text: [UInt8], _ redaction: Redaction) -> [UInt8] {
    var output: [UInt8] = []
    var copiedUpTo = 0
    var index = 0
    let ends: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x27, 0x26, 0x23, 0x3C, 0x3E, 0x5C]
    while index < text.count {
      guard text[index] == UInt8(ascii: "?") || text[index] == UInt8(ascii: "&") else {
        index += 1
        continue
      }
      let nameStart = index + 1
      var equals = nameStart
      while equals < text.count, text[equals] != UInt8(ascii: "="), !ends.contains(text[equals]),
        text[equals] != UInt8(ascii: "?")
      {
        equals += 1
      }
      guard equals < text.count, equals > nameStart, text[equals] == UInt8(ascii: "=") else {
        index = max(equals, nameStart)
        continue
      }
      var valueEnd = equals + 1
      while valueEnd < text.count, !ends.contains(text[valueEnd]) { valueEnd += 1 }
      let name = QueryString.percentDecoded(text[nameStart..<equals])
      if redaction.redactsQueryItem(name), valueEnd > equals + 1,
        !text[(equals + 1)..<valueEnd].elementsEqual(Redaction.replacement.utf8)
      {
        output.append(contentsOf: text[copiedUpTo...equals])
        output.append(contentsOf: Redaction.replacement.utf8)
        copiedUpTo = valueEnd
      }
      index = valueEnd
    }
    guard copiedUpTo > 0 else { return text }
    output.append(contentsOf: text[copiedUpTo...])
    return output
  }

}
