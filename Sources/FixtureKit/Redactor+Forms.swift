/// How secrets travel in other forms: the encodings a learned secret is also scrubbed in, and
/// multipart form fields named like secrets.
extension Redactor {
  /// The forms a secret travels in besides its own bytes: base64 with and without padding, in
  /// the standard and the URL-safe alphabet, and percent-encoded (upper- and lower-case hex,
  /// and a form's `+` for a space).
  static func encodedForms(of bytes: [UInt8]) -> [[UInt8]] {
    let buffer = ByteBuffer(capacity: bytes.count * 4 / 3 + 8)
    bytes.withUnsafeBufferPointer { JSONText.appendBase64($0, to: buffer) }
    let padded = Array(UnsafeRawBufferPointer(buffer.live))
    let unpadded = Array(padded.prefix { $0 != UInt8(ascii: "=") })
    func urlSafe(_ base64: [UInt8]) -> [UInt8] {
      base64.map {
        $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
      }
    }
    var forms = [padded, unpadded, urlSafe(padded), urlSafe(unpadded)]
    let upper = Array("0123456789ABCDEF".utf8)
    let lower = Array("0123456789abcdef".utf8)
    var encoded: ([UInt8], [UInt8], [UInt8]) = ([], [], [])
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.0.append(byte)
        encoded.1.append(byte)
        encoded.2.append(byte)
      default:
        let high = Int(byte >> 4)
        let low = Int(byte & 15)
        encoded.0 += [UInt8(ascii: "%"), upper[high], upper[low]]
        encoded.1 += [UInt8(ascii: "%"), lower[high], lower[low]]
        encoded.2 += byte == 0x20 ? [UInt8(ascii: "+")] : [UInt8(ascii: "%"), upper[high], upper[low]]
      }
    }
    forms += [encoded.0, encoded.1, encoded.2]
    var unique: [[UInt8]] = []
    for form in forms where form != bytes && !unique.contains(form) { unique.append(form) }
    return unique
  }

  /// The boundary of a `multipart/form-data` body, from its `Content-Type`.
  static func multipartBoundary(_ headers: [FixtureField]) -> [UInt8]? {
    guard let type = headers.first(where: { $0.name.lowercased() == "content-type" })?.value,
      type.lowercased().contains("multipart/form-data")
    else { return nil }
    let bytes = Array(type.utf8)
    let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    guard let at = find(Array("boundary=".utf8), in: lowered, from: 0) else { return nil }
    var boundary = bytes[(at + 9)...].prefix { $0 != UInt8(ascii: ";") }
    if boundary.count >= 2, boundary.first == UInt8(ascii: "\""), boundary.last == UInt8(ascii: "\"") {
      boundary = boundary.dropFirst().dropLast()
    }
    return boundary.isEmpty ? nil : Array("--".utf8) + boundary
  }

  /// Replaces (and learns) the content of each multipart field whose `name` is a secret name,
  /// and redacts by name the JSON a field of another name holds. A part's headers end at a
  /// blank line (CRLF or, leniently, LF line breaks).
  mutating func redactMultipart(_ body: [UInt8], boundary: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var copiedUpTo = 0
    var partStart = Self.find(boundary, in: body, from: 0)
    while let start = partStart {
      let headersStart = start + boundary.count
      let next = Self.find(boundary, in: body, from: headersStart)
      guard
        let (headersEnd, contentStart) = Self.headersEnd(
          in: body, from: headersStart, before: next ?? body.count)
      else {
        partStart = next
        continue
      }
      // The content ends before the line break that precedes the next boundary.
      var contentEnd = next ?? body.count
      if contentEnd - 1 >= contentStart, body[contentEnd - 1] == 0x0A {
        contentEnd -= 1
        if contentEnd - 1 >= contentStart, body[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      }
      let headers = String(decoding: body[headersStart..<headersEnd], as: UTF8.self)
      let content = Array(body[contentStart..<max(contentEnd, contentStart)])
      var replacement: [UInt8]?
      if let name = Self.dispositionName(headers), redaction.isSecretName(name), !content.isEmpty {
        learn(String(decoding: content, as: UTF8.self))
        replacement = Array(Redaction.replacement.utf8)
      } else if JSONSecretRewriter.looksLikeJSON(content) {
        let redaction = redaction
        if let outcome = JSONSecretRewriter.rewrite(content, isSecret: { redaction.isSecretName($0) }) {
          for value in outcome.replaced { learn(value) }
          replacement = outcome.bytes
        }
      }
      if let replacement {
        output.append(contentsOf: body[copiedUpTo..<contentStart])
        output.append(contentsOf: replacement)
        copiedUpTo = max(contentEnd, contentStart)
      }
      partStart = next
    }
    guard copiedUpTo > 0 else { return body }
    output.append(contentsOf: body[copiedUpTo...])
    return output
  }

  /// Where a part's headers end and its content starts: the first blank line after `start`
  /// (`CRLF CRLF`, or `LF LF`), if it comes before `limit`.
  private static func headersEnd(in body: [UInt8], from start: Int, before limit: Int) -> (Int, Int)? {
    var index = start
    while index < limit {
      if body[index] == 0x0A {
        var after = index + 1
        if after < limit, body[after] == 0x0D { after += 1 }
        if after < limit, body[after] == 0x0A {
          let end = index > start && body[index - 1] == 0x0D ? index - 1 : index
          return (end, after + 1)
        }
      }
      index += 1
    }
    return nil
  }

  /// The `name` parameter of a part's `Content-Disposition` header (names compared
  /// case-insensitively, the value quoted or not; `filename` is another parameter).
  static func dispositionName(_ headers: String) -> String? {
    for line in headers.split(whereSeparator: \.isNewline)
    where line.lowercased().hasPrefix("content-disposition:") {
      for parameter in line.split(separator: ";").dropFirst() {
        let parts = parameter.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, Self.trimmed(parts[0]).lowercased() == "name" else { continue }
        var value = Self.trimmed(parts[1])
        if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
        return String(value)
      }
      return nil
    }
    return nil
  }

  private static func trimmed(_ text: Substring) -> Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return text[first...last]
  }

  /// The index of the first `needle` in `haystack` at or after `start`.
  static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}
