extension Redactor {
  /// The shortest run of base64 characters worth decoding: the base64 of the shortest secret
  /// hunted (`minimumLearnedLength` bytes).
  static var shortestEncodedRun: Int { (minimumLearnedLength * 4 + 2) / 3 }

  /// Replaces each run of base64 text (standard or URL-safe alphabet, padded or not) whose
  /// decoded bytes hold a known secret: the base64 of a longer text that contains the secret
  /// (`dXNlcj1hbGljZSZ0b2tlbj1TRUNSRVQxMjM=` for `user=alice&token=SECRET123`), which the
  /// secret's own encoded forms do not find, since its place in the text shifts the alphabet.
  ///
  /// - Complexity: O(n) over the bytes, plus a search of each decoded run for each secret.
  func scrubEncodedRuns(_ bytes: [UInt8], secrets: [[UInt8]]) -> [UInt8] {
    guard !secrets.isEmpty, bytes.count >= Self.shortestEncodedRun else { return bytes }
    var output: [UInt8] = []
    var copiedUpTo = 0
    var index = 0
    while index < bytes.count {
      guard Self.isBase64Letter(bytes[index]) else {
        index += 1
        continue
      }
      let start = index
      while index < bytes.count && Self.isBase64Letter(bytes[index]) { index += 1 }
      var end = index
      while end < bytes.count && end - index < 2 && bytes[end] == UInt8(ascii: "=") { end += 1 }
      defer { index = max(end, index) }
      guard index - start >= Self.shortestEncodedRun,
        Self.holdsSecret(bytes[start..<index], secrets: secrets)
      else { continue }
      if output.isEmpty { output.reserveCapacity(bytes.count) }
      output.append(contentsOf: bytes[copiedUpTo..<start])
      output.append(contentsOf: Redaction.replacement.utf8)
      copiedUpTo = end
    }
    guard copiedUpTo > 0 else { return bytes }
    output.append(contentsOf: bytes[copiedUpTo...])
    return output
  }

  private static func isBase64Letter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"),
      UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  /// Whether `letters` decode to bytes holding one of `secrets`, read from each of the four
  /// places a base64 quantum can start (letters in front of the encoded text, such as a
  /// `token-` prefix in the URL-safe alphabet, shift it), in either alphabet.
  private static func holdsSecret(_ letters: ArraySlice<UInt8>, secrets: [[UInt8]]) -> Bool {
    for shift in 0..<4 where letters.count - shift >= shortestEncodedRun {
      if let decoded = decodeAnyBase64(letters.dropFirst(shift)),
        secrets.contains(where: { contains(decoded, $0) })
      {
        return true
      }
    }
    return false
  }

  /// Decodes base64 letters in either alphabet, without padding: a last letter that cannot
  /// complete a byte is dropped, and the rest padded.
  private static func decodeAnyBase64(_ letters: ArraySlice<UInt8>) -> [UInt8]? {
    var text = letters.map { byte -> UInt8 in
      switch byte {
      case UInt8(ascii: "-"): UInt8(ascii: "+")
      case UInt8(ascii: "_"): UInt8(ascii: "/")
      default: byte
      }
    }
    if text.count % 4 == 1 { text.removeLast() }
    while text.count % 4 != 0 { text.append(UInt8(ascii: "=")) }
    return text.withUnsafeBytes { JSONText.decodeBase64($0) }
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
