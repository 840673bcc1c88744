/// A minimal JSON reader over one line of bytes, made for fixture envelopes.
///
/// It decodes strings in place (an unescaped string is never longer than its escaped form), so
/// a large body costs one pass and one copy. Nesting is capped so hostile input cannot exhaust
/// the stack. The line's bytes are modified as strings are decoded.
struct JSONScanner {
  /// Why a line could not be read, with the byte column.
  struct Failure: Error {
    var message: String
    var column: Int
  }

  private static let maximumDepth = 64

  private let bytes: UnsafeMutablePointer<UInt8>
  private let count: Int
  private(set) var index = 0

  /// Reads the `count` bytes at `bytes`, which it may overwrite while decoding strings.
  init(bytes: UnsafeMutablePointer<UInt8>, count: Int) {
    self.bytes = bytes
    self.count = count
  }

  func failure(_ message: String) -> Failure { Failure(message: message, column: index + 1) }

  mutating func skipWhitespace() {
    while index < count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  var isAtEnd: Bool { index >= count }

  /// The next non-whitespace byte, without consuming it.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < count ? bytes[index] : nil
  }

  mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    guard peek() == byte else { throw failure("expected \(what)") }
    index += 1
  }

  /// Consumes `byte` if it comes next.
  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  /// Calls `field` for each key of an object, positioned at the key's value.
  mutating func readObject(_ field: (inout JSONScanner, String) throws(Failure) -> Void) throws(Failure) {
    try expect(UInt8(ascii: "{"), "'{'")
    if consume(UInt8(ascii: "}")) { return }
    repeat {
      let key = try readString()
      try expect(UInt8(ascii: ":"), "':' after a key")
      try field(&self, key)
    } while consume(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), "',' or '}'")
  }

  /// Calls `element` for each element of an array.
  mutating func readArray(_ element: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
    try expect(UInt8(ascii: "["), "'['")
    if consume(UInt8(ascii: "]")) { return }
    repeat {
      try element(&self)
    } while consume(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"), "',' or ']'")
  }

  /// Reads a string value.
  mutating func readString() throws(Failure) -> String {
    let span = try readStringInPlace()
    return String(decoding: span, as: UTF8.self)
  }

  /// Reads a string value as exact bytes.
  mutating func readBytes() throws(Failure) -> [UInt8] {
    Array(try readStringInPlace())
  }

  /// Reads a base64 string value as bytes.
  mutating func readBase64() throws(Failure) -> [UInt8] {
    let start = index
    let span = try readStringInPlace()
    guard let decoded = JSONText.decodeBase64(UnsafeRawBufferPointer(span)) else {
      index = start
      throw failure("invalid base64")
    }
    return decoded
  }

  /// Reads a non-negative integer of at most 15 digits.
  mutating func readInteger() throws(Failure) -> Int {
    skipWhitespace()
    let start = index
    var value = 0
    while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      guard index - start < 15 else { throw failure("integer too large") }
      value = value * 10 + Int(bytes[index] - 0x30)
      index += 1
    }
    guard index > start else { throw failure("expected an integer") }
    if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") {
      throw failure("expected an integer")
    }
    return value
  }

  /// Reads any JSON number as a `Double`.
  mutating func readNumber() throws(Failure) -> Double {
    skipWhitespace()
    let start = index
    while index < count, index - start < 64, Self.isNumberByte(bytes[index]) {
      index += 1
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: bytes + start, count: index - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw failure("expected a number")
    }
    return value
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }

  /// Skips any value.
  mutating func skipValue(depth: Int = 0) throws(Failure) {
    guard depth < Self.maximumDepth else { throw failure("nesting too deep") }
    switch peek() {
    case UInt8(ascii: "{"):
      try readObject { (scanner: inout JSONScanner, _: String) throws(Failure) in
        try scanner.skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "["):
      try readArray { (scanner: inout JSONScanner) throws(Failure) in
        try scanner.skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "\""):
      _ = try readStringInPlace()
    case UInt8(ascii: "t"): try readLiteral("true")
    case UInt8(ascii: "f"): try readLiteral("false")
    case UInt8(ascii: "n"): try readLiteral("null")
    default: _ = try readNumber()
    }
  }

  private mutating func readLiteral(_ literal: StaticString) throws(Failure) {
    let length = literal.utf8CodeUnitCount
    guard count - index >= length else { throw failure("unexpected character") }
    for offset in 0..<length where bytes[index + offset] != literal.utf8Start[offset] {
      throw failure("unexpected character")
    }
    index += length
  }

  /// Decodes the string at the cursor in place and returns its bytes (valid until the line is
  /// released).
  mutating func readStringInPlace() throws(Failure) -> UnsafeMutableBufferPointer<UInt8> {
    try expect(UInt8(ascii: "\""), "a string")
    let start = index
    var read = index
    var written = index
    // Fast path: copy-free until the first escape, eight bytes at a time.
    while read + 8 <= count, !Self.hasSpecialByte(Self.word(bytes + read)) { read += 8 }
    while read < count {
      let byte = bytes[read]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
      read += 1
    }
    written = read
    while read < count {
      // Runs without quotes, backslashes or control bytes move down eight bytes at a time.
      while read + 8 <= count {
        let word = Self.word(bytes + read)
        if Self.hasSpecialByte(word) { break }
        UnsafeMutableRawPointer(bytes + written).storeBytes(of: word, as: UInt64.self)
        read += 8
        written += 8
      }
      guard read < count else { break }
      let byte = bytes[read]
      if byte == 0x22 {
        index = read + 1
        return UnsafeMutableBufferPointer(start: bytes + start, count: written - start)
      }
      if byte < 0x20 {
        index = read
        throw failure("control character in a string")
      }
      if byte != 0x5C {
        bytes[written] = byte
        written += 1
        read += 1
        continue
      }
      guard read + 1 < count else { break }
      let escaped = bytes[read + 1]
      read += 2
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[written] = escaped
      case UInt8(ascii: "b"): bytes[written] = 0x08
      case UInt8(ascii: "f"): bytes[written] = 0x0C
      case UInt8(ascii: "n"): bytes[written] = 0x0A
      case UInt8(ascii: "r"): bytes[written] = 0x0D
      case UInt8(ascii: "t"): bytes[written] = 0x09
      case UInt8(ascii: "u"):
        index = read - 2
        written += try decodeUnicodeEscape(read: &read, written: written)
        continue
      default:
        index = read - 2
        throw failure("invalid escape")
      }
      written += 1
    }
    index = start - 1
    throw failure("unterminated string")
  }

  @inline(__always)
  private static func word(_ pointer: UnsafeMutablePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  @inline(__always)
  private static func hasSpecialByte(_ word: UInt64) -> Bool { JSONText.hasSpecialByte(word) }

  /// Decodes `\uXXXX` (and a following low surrogate) at `read`, writing UTF-8 at `written`.
  /// Returns the number of bytes written; lone surrogates become U+FFFD.
  private mutating func decodeUnicodeEscape(read: inout Int, written: Int) throws(Failure) -> Int {
    guard let high = hexQuad(at: read) else { throw failure("invalid \\u escape") }
    read += 4
    var scalar = high
    if (0xD800...0xDBFF).contains(high) {
      if read + 6 <= count, bytes[read] == 0x5C, bytes[read + 1] == UInt8(ascii: "u"),
        let low = hexQuad(at: read + 2), (0xDC00...0xDFFF).contains(low)
      {
        read += 6
        scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      } else {
        scalar = 0xFFFD
      }
    } else if (0xDC00...0xDFFF).contains(high) {
      scalar = 0xFFFD
    }
    return writeUTF8(scalar, at: written)
  }

  private func hexQuad(at position: Int) -> UInt32? {
    guard position + 4 <= count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[position + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private func writeUTF8(_ scalar: UInt32, at position: Int) -> Int {
    switch scalar {
    case 0..<0x80:
      bytes[position] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      bytes[position] = UInt8(0xC0 | scalar >> 6)
      bytes[position + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      bytes[position] = UInt8(0xE0 | scalar >> 12)
      bytes[position + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      bytes[position + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      bytes[position] = UInt8(0xF0 | scalar >> 18)
      bytes[position + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      bytes[position + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      bytes[position + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }
}
