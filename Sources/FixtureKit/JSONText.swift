/// Lean JSON string writing over raw bytes: escaping, UTF-8 validation, base64.
///
/// Foundation's encoders are far too slow for multi-megabyte bodies; this writes straight into
/// a `ByteBuffer` with one validation pass and one copy pass.
enum JSONText {
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// The length of `bytes` once escaped as the inside of a JSON string, or `nil` when the bytes
  /// are not valid UTF-8 (and so must be stored as base64).
  ///
  /// - Complexity: O(n), one pass.
  static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var extra = 0
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return 0 }
    while index < count {
      // Plain ASCII without quotes, backslashes or control bytes: eight bytes at a time.
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 || hasSpecialByte(word) { break }
        index += 8
      }
      guard index < count else { break }
      let byte = bytes[index]
      if byte < 0x80 {
        if byte < 0x20 {
          extra += shortEscape(byte) == nil ? 5 : 1
        } else if byte == 0x22 || byte == 0x5C {
          extra += 1
        }
        index += 1
        continue
      }
      guard let length = validSequenceLength(bytes, at: index) else { return nil }
      index += length
    }
    return count + extra
  }

  /// The length of the valid UTF-8 sequence starting with a non-ASCII byte at `index`, or nil.
  @inline(__always)
  private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    let remaining = bytes.count - index
    @inline(__always) func continuation(_ offset: Int) -> Bool {
      bytes[index + offset] & 0xC0 == 0x80
    }
    switch lead {
    case 0xC2...0xDF:
      guard remaining >= 2, continuation(1) else { return nil }
      return 2
    case 0xE0...0xEF:
      guard remaining >= 3, continuation(1), continuation(2) else { return nil }
      let second = bytes[index + 1]
      // No overlong forms (E0 80…9F) and no UTF-16 surrogates (ED A0…BF).
      if lead == 0xE0 && second < 0xA0 { return nil }
      if lead == 0xED && second > 0x9F { return nil }
      return 3
    case 0xF0...0xF4:
      guard remaining >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
      let second = bytes[index + 1]
      if lead == 0xF0 && second < 0x90 { return nil }
      if lead == 0xF4 && second > 0x8F { return nil }
      return 4
    default:
      return nil
    }
  }

  @inline(__always)
  private static func shortEscape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x08: return UInt8(ascii: "b")
    case 0x09: return UInt8(ascii: "t")
    case 0x0A: return UInt8(ascii: "n")
    case 0x0C: return UInt8(ascii: "f")
    case 0x0D: return UInt8(ascii: "r")
    default: return nil
    }
  }

  /// Appends the escaped form of valid UTF-8 `bytes` (without quotes), given its length.
  static func appendEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, escapedLength: Int, to buffer: ByteBuffer
  ) {
    buffer.reserveSpare(escapedLength)
    let out = buffer.base + buffer.count
    var written = 0
    var index = 0
    let count = bytes.count
    guard let source = bytes.baseAddress else { return }
    while index < count {
      // Runs that need no escaping are copied eight bytes at a time.
      while index + 8 <= count {
        let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
        if hasSpecialByte(word) { break }
        UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
        index += 8
        written += 8
      }
      guard index < count else { break }
      let byte = source[index]
      index += 1
      if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
        out[written] = byte
        written += 1
      } else if byte == 0x22 || byte == 0x5C {
        out[written] = 0x5C
        out[written + 1] = byte
        written += 2
      } else if let letter = shortEscape(byte) {
        out[written] = 0x5C
        out[written + 1] = letter
        written += 2
      } else {
        // \u00XX for the remaining control characters.
        out[written] = 0x5C
        out[written + 1] = UInt8(ascii: "u")
        out[written + 2] = UInt8(ascii: "0")
        out[written + 3] = UInt8(ascii: "0")
        out[written + 4] = hexDigits[Int(byte >> 4)]
        out[written + 5] = hexDigits[Int(byte & 0x0F)]
        written += 6
      }
    }
    precondition(written == escapedLength, "escaped length mismatch")
    buffer.count += written
  }

  /// Whether any byte of `word` is `"`, `\\` or below 0x20 (may also say yes after such a byte;
  /// the byte loops sort that out).
  @inline(__always)
  static func hasSpecialByte(_ word: UInt64) -> Bool { specialBytes(word) != 0 }

  /// The high bit of each byte of `word` (read little-endian: first byte lowest) that is `"`,
  /// `\\` or below 0x20, and maybe of some bytes after such a byte; the lowest bit set is always
  /// the first such byte's (a borrow only moves up from a byte that is one).
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl) & 0x8080_8080_8080_8080
  }

  /// Appends `"text"` with JSON escaping.
  static func appendQuoted(_ text: String, to buffer: ByteBuffer) {
    var copy = text
    copy.withUTF8 { utf8 in
      // A Swift String is always valid UTF-8, so the length is never nil.
      let length = escapedLength(utf8) ?? utf8.count
      buffer.append(0x22)
      appendEscaped(utf8, escapedLength: length, to: buffer)
      buffer.append(0x22)
    }
  }

  private static let base64Alphabet: [UInt8] = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Appends the standard base64 (RFC 4648, padded) of `bytes`.
  static func appendBase64(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: ByteBuffer) {
    let outputLength = (bytes.count + 2) / 3 * 4
    buffer.reserveSpare(outputLength)
    let out = buffer.base + buffer.count
    var written = 0
    var index = 0
    base64Alphabet.withUnsafeBufferPointer { alphabet in
      while index + 3 <= bytes.count {
        let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        out[written] = alphabet[Int(value >> 18 & 63)]
        out[written + 1] = alphabet[Int(value >> 12 & 63)]
        out[written + 2] = alphabet[Int(value >> 6 & 63)]
        out[written + 3] = alphabet[Int(value & 63)]
        written += 4
        index += 3
      }
      let rest = bytes.count - index
      if rest > 0 {
        let second = rest == 2 ? UInt32(bytes[index + 1]) : 0
        let value = UInt32(bytes[index]) << 16 | second << 8
        out[written] = alphabet[Int(value >> 18 & 63)]
        out[written + 1] = alphabet[Int(value >> 12 & 63)]
        out[written + 2] = rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "=")
        out[written + 3] = UInt8(ascii: "=")
        written += 4
      }
    }
    buffer.count += written
  }

  /// Decodes standard padded base64; `nil` when `text` is not valid base64.
  static func decodeBase64(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
    guard text.count % 4 == 0 else { return nil }
    if text.isEmpty { return [] }
    var padding = 0
    if text[text.count - 1] == UInt8(ascii: "=") { padding += 1 }
    if text[text.count - 2] == UInt8(ascii: "=") { padding += 1 }
    let outputLength = text.count / 4 * 3 - padding
    @inline(__always) func sextet(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "+"): return 62
      case UInt8(ascii: "/"): return 63
      default: return nil
      }
    }
    var valid = true
    let decoded = [UInt8](unsafeUninitializedCapacity: outputLength) { out, initialized in
      var written = 0
      var index = 0
      while index < text.count {
        let isLast = index + 4 == text.count
        var value: UInt32 = 0
        for offset in 0..<4 {
          let byte = text[index + offset]
          if isLast && byte == UInt8(ascii: "=") && offset >= 4 - padding {
            value <<= 6
          } else if let bits = sextet(byte) {
            value = value << 6 | bits
          } else {
            valid = false
            initialized = 0
            return
          }
        }
        let produce = isLast ? 3 - padding : 3
        if produce > 0 { out[written] = UInt8(value >> 16 & 0xFF) }
        if produce > 1 { out[written + 1] = UInt8(value >> 8 & 0xFF) }
        if produce > 2 { out[written + 2] = UInt8(value & 0xFF) }
        written += produce
        index += 4
      }
      initialized = written
    }
    return valid ? decoded : nil
  }
}
