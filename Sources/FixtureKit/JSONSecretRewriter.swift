/// Replaces the string values stored under secret keys of a JSON text with `"REDACTED"`, at
/// any depth, and reports the values it replaced.
///
/// Tolerant by design: it tokenises strings and brackets without validating the document, so a
/// truncated or malformed body (a backend cut off mid-answer) is redacted as far as it goes.
/// Nesting is tracked on a heap array, never on the call stack, so hostile depth cannot crash
/// it. Under a secret key, a string value is replaced, and so is every string directly inside
/// an array value (arrays of arrays included); an object value is walked like any other, its
/// own keys deciding; numbers, booleans and null are kept (their type must survive replay's
/// decoding).
enum JSONSecretRewriter {
  /// The rewritten text and the original values it replaced (decoded, and as escaped in the
  /// text when that differs).
  struct Outcome {
    var bytes: [UInt8]
    var replaced: [String]
  }

  private enum Container: UInt8 {
    case object
    case array
    case secretArray
  }

  /// Whether the inside of a string, as written, starts like a JSON document (`{` or `[`
  /// after spaces; a space may be written `\n`, `\t` or `\r`).
  static func startsLikeJSON(_ inner: ArraySlice<UInt8>) -> Bool {
    var index = inner.startIndex
    while index < inner.endIndex {
      switch inner[index] {
      case 0x20: index += 1
      case UInt8(ascii: "\\"):
        guard index + 1 < inner.endIndex,
          [UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r")].contains(inner[index + 1])
        else { return false }
        index += 2
      case UInt8(ascii: "{"), UInt8(ascii: "["): return true
      default: return false
      }
    }
    return false
  }

  /// Whether `bytes` looks like a JSON document: its first non-space byte is `{` or `[`.
  static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    for byte in bytes {
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): return true
      default: return false
      }
    }
    return false
  }

  /// Rewrites `bytes`; `nil` when nothing was replaced.
  ///
  /// - Complexity: O(n) for n bytes, plus the `isSecret` calls (one per key).
  static func rewrite(_ bytes: [UInt8], isSecret: (String) -> Bool) -> Outcome? {
    let replacement = Array("\"\(Redaction.replacement)\"".utf8)
    var output: [UInt8] = []
    var replaced: [String] = []
    var copiedUpTo = 0
    var containers: [Container] = []
    var pendingSecret = false
    var index = 0
    let count = bytes.count
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        let end = stringEnd(bytes, openingQuote: index)
        let after = min(end + 1, count)
        let inner = bytes[(index + 1)..<min(end, count)]
        if containers.last == .object, nextSignificantByte(bytes, from: after) == UInt8(ascii: ":") {
          pendingSecret = isSecret(decoded(inner))
        } else {
          let redactsHere = pendingSecret || containers.last == .secretArray
          pendingSecret = false
          if redactsHere, end < count, !inner.isEmpty {
            let value = decoded(inner)
            if value != Redaction.replacement {
              replaced.append(value)
              let raw = String(decoding: inner, as: UTF8.self)
              if raw != value { replaced.append(raw) }
              if output.isEmpty { output.reserveCapacity(count) }
              output.append(contentsOf: bytes[copiedUpTo..<index])
              output.append(contentsOf: replacement)
              copiedUpTo = after
            }
          }
        }
        index = after
        continue
      case UInt8(ascii: "{"):
        containers.append(.object)
        pendingSecret = false
      case UInt8(ascii: "["):
        containers.append(pendingSecret || containers.last == .secretArray ? .secretArray : .array)
        pendingSecret = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !containers.isEmpty { containers.removeLast() }
        pendingSecret = false
      case UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
        break
      default:
        pendingSecret = false
      }
      index += 1
    }
    guard !replaced.isEmpty else { return nil }
    output.append(contentsOf: bytes[copiedUpTo...])
    return Outcome(bytes: output, replaced: replaced)
  }

  /// Rewrites each string (key or value) written with a backslash escape whose decoded text
  /// `transform` changes (it returns the new text, or `nil` to keep the string), writing the
  /// new text quoted with JSONText's escaper; `nil` when no string changed. Tolerant like
  /// ``rewrite(_:isSecret:)``: an unterminated string is kept as written.
  static func rewriteEscapedStrings(
    _ bytes: [UInt8], if worthDecoding: (ArraySlice<UInt8>) -> Bool, transform: (String) -> String?
  ) -> [UInt8]? {
    var output: [UInt8] = []
    var copiedUpTo = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let end = stringEnd(bytes, openingQuote: index)
      guard end < bytes.count else { break }
      let inner = bytes[(index + 1)..<end]
      if inner.contains(UInt8(ascii: "\\")), worthDecoding(inner), let text = transform(decoded(inner)) {
        let buffer = ByteBuffer(capacity: text.utf8.count + 16)
        JSONText.appendQuoted(text, to: buffer)
        output.append(contentsOf: bytes[copiedUpTo..<index])
        output.append(contentsOf: UnsafeRawBufferPointer(buffer.live))
        copiedUpTo = end + 1
      }
      index = end + 1
    }
    guard copiedUpTo > 0 else { return nil }
    output.append(contentsOf: bytes[copiedUpTo...])
    return output
  }

  /// The index of the quote closing the string opened at `openingQuote`, or `count` when the
  /// text ends first.
  private static func stringEnd(_ bytes: [UInt8], openingQuote: Int) -> Int {
    var index = openingQuote + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""): return index
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return bytes.count
  }

  private static func nextSignificantByte(_ bytes: [UInt8], from start: Int) -> UInt8? {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return bytes[index]
      }
    }
    return nil
  }

  /// The text of a JSON string's inside, escapes decoded (``JSONUnescaper``, leniently:
  /// malformed escapes are kept as written and lone surrogates become U+FFFD).
  static func decoded(_ inner: ArraySlice<UInt8>) -> String {
    inner.withUnsafeBufferPointer { JSONUnescaper.text($0) }
  }
}
