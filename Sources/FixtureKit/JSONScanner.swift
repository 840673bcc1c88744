/// The package's JSON byte scanner: a cursor over UTF-8 bytes, made for fixture envelopes and
/// used by ``JSONTape`` (the model decoder's index) for its tokens.
///
/// Over writable bytes it decodes strings in place (an unescaped string is never longer than
/// its escaped form), so a large body costs one pass and one copy; the line's bytes are then
/// modified as strings are decoded. Over read-only bytes it only validates and measures.
/// Nesting is capped so hostile input cannot exhaust the stack.
struct JSONScanner {
  /// Why a line could not be read, with the byte column.
  struct Failure: Error {
    var message: String
    var column: Int
  }

  private static let maximumDepth = 64

  let bytes: UnsafePointer<UInt8>
  /// The same bytes when the scanner may overwrite them (in-place string decoding).
  private let writable: UnsafeMutablePointer<UInt8>?
  let count: Int
  var index = 0

  /// Reads the `count` bytes at `bytes`, which it may overwrite while decoding strings.
  init(bytes: UnsafeMutablePointer<UInt8>, count: Int) {
    self.bytes = UnsafePointer(bytes)
    self.writable = bytes
    self.count = count
  }

  /// Reads the `count` bytes at `bytes` without writing: only the validating scans
  /// (``scanString()``, ``scanNumber()``) and the cursor moves may be used.
  init(reading bytes: UnsafePointer<UInt8>, count: Int) {
    self.bytes = bytes
    self.writable = nil
    self.count = count
  }

  func failure(_ message: String) -> Failure { Failure(message: message, column: index + 1) }

  /// A failure at byte `offset` (0-based).
  func failure(_ message: String, at offset: Int) -> Failure { Failure(message: message, column: offset + 1) }

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
  /// released). Needs writable bytes.
  mutating func readStringInPlace() throws(Failure) -> UnsafeMutableBufferPointer<UInt8> {
    try expect(UInt8(ascii: "\""), "a string")
    let start = index
    var read = index
    var escaped = false
    // Fast path: eight bytes at a time until a quote, a backslash or a control byte.
    while read < count {
      while read + 8 <= count,
        !JSONText.hasSpecialByte(UnsafeRawPointer(bytes + read).loadUnaligned(as: UInt64.self))
      {
        read += 8
      }
      guard read < count else { break }
      let byte = bytes[read]
      if byte == 0x22 { break }
      if byte < 0x20 {
        index = read
        throw failure("control character in a string")
      }
      if byte == 0x5C {
        escaped = true
        read += 2
      } else {
        read += 1
      }
    }
    guard read < count else {
      index = start - 1
      throw failure("unterminated string")
    }
    guard let writable else { preconditionFailure("in-place decoding over read-only bytes") }
    var length = read - start
    if escaped {
      do {
        length = try JSONUnescaper.unescape(
          bytes + start, count: length, into: writable + start, lenient: false)
      } catch {
        index = start + error.offset
        throw failure(bytes[index + 1] == UInt8(ascii: "u") ? "invalid \\u escape" : "invalid escape")
      }
    }
    index = read + 1
    return UnsafeMutableBufferPointer(start: writable + start, count: length)
  }
}
