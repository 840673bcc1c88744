/// The validating scans: they check a token as strictly as Foundation's `JSONDecoder` does
/// and move past it without writing, for ``JSONTape``.
extension JSONScanner {
  /// What a number token looks like.
  struct NumberShape {
    /// No fraction and no exponent.
    var isInteger: Bool
    /// A leading minus sign.
    var isNegative: Bool
  }

  /// What a string token holds.
  struct StringShape {
    /// It holds a backslash escape.
    var isEscaped = false
    /// Every byte is ASCII.
    var isASCII = true
  }

  /// Moves past the string at the cursor (on its opening quote), checking its escapes and,
  /// when `validatingUTF8`, its UTF-8 (otherwise a byte of 0x80 or more is only noted, for a
  /// caller that checks the whole text once). A lone UTF-16 surrogate escape is refused.
  ///
  /// - Throws: `Failure` at the offending byte: `unexpected end of input`,
  ///   `unescaped control character`, `invalid escape sequence`, `invalid UTF-8 sequence`.
  mutating func scanString(validatingUTF8: Bool = true) throws(Failure) -> StringShape {
    // The cursor is kept in a local while scanning (and written back before any throw).
    var at = index + 1
    defer { index = at }
    var shape = StringShape()
    let high: UInt64 = 0x8080_8080_8080_8080
    while true {
      // Eight bytes at a time up to the first quote, backslash or control byte (or, when
      // validating, up to a word with non-ASCII bytes, which are checked one by one).
      while at + 8 <= count {
        let word = UnsafeRawPointer(bytes + at).loadUnaligned(as: UInt64.self)
        let special = JSONText.specialBytes(word)
        guard special != 0 else {
          if word & high != 0 {
            shape.isASCII = false
            if validatingUTF8 { break }
          }
          at += 8
          continue
        }
        // Straight to the first special byte, past the ones before it.
        let before = special.trailingZeroBitCount >> 3
        if word & high & ((1 << (before << 3)) &- 1) != 0 {
          shape.isASCII = false
          if validatingUTF8 { break }
        }
        at += before
        break
      }
      guard at < count else {
        index = at
        throw failure("unexpected end of input", at: count)
      }
      let byte = bytes[at]
      switch byte {
      case 0x22:
        at += 1
        return shape
      case 0x5C:
        shape.isEscaped = true
        index = at
        try scanEscape()
        at = index
      case 0..<0x20:
        index = at
        throw failure("unescaped control character")
      case 0..<0x80:
        at += 1
      default:
        shape.isASCII = false
        guard validatingUTF8 else {
          at += 1
          continue
        }
        guard let length = Self.sequenceLength(bytes + at, available: count - at) else {
          index = at
          throw failure("invalid UTF-8 sequence")
        }
        at += length
      }
    }
  }

  private mutating func scanEscape() throws(Failure) {
    guard index + 1 < count else { throw failure("unexpected end of input", at: count) }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 2
    case UInt8(ascii: "u"):
      guard index + 6 <= count else { throw failure("unexpected end of input", at: count) }
      guard let unit = JSONUnescaper.hexQuad(bytes + index + 2) else {
        throw failure("invalid escape sequence")
      }
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 12 <= count, bytes[index + 6] == 0x5C, bytes[index + 7] == UInt8(ascii: "u"),
          let low = JSONUnescaper.hexQuad(bytes + index + 8), (0xDC00...0xDFFF).contains(low)
        else { throw failure("invalid escape sequence (a high surrogate without its low surrogate)") }
        index += 12
      case 0xDC00...0xDFFF:
        throw failure("invalid escape sequence (a low surrogate without its high surrogate)")
      default:
        index += 6
      }
    default:
      throw failure("invalid escape sequence")
    }
  }

  /// The length of the valid UTF-8 sequence led by the non-ASCII byte at `lead`, or `nil`
  /// (overlong forms, surrogates, and scalars past U+10FFFF are invalid).
  @inline(__always)
  static func sequenceLength(_ lead: UnsafePointer<UInt8>, available: Int) -> Int? {
    @inline(__always) func continuation(_ offset: Int) -> Bool { lead[offset] & 0xC0 == 0x80 }
    switch lead[0] {
    case 0xC2...0xDF:
      guard available >= 2, continuation(1) else { return nil }
      return 2
    case 0xE0...0xEF:
      guard available >= 3, continuation(1), continuation(2) else { return nil }
      if lead[0] == 0xE0 && lead[1] < 0xA0 { return nil }
      if lead[0] == 0xED && lead[1] > 0x9F { return nil }
      return 3
    case 0xF0...0xF4:
      guard available >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
      if lead[0] == 0xF0 && lead[1] < 0x90 { return nil }
      if lead[0] == 0xF4 && lead[1] > 0x8F { return nil }
      return 4
    default:
      return nil
    }
  }

  /// Moves past the number at the cursor, checking JSON's grammar
  /// (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`).
  ///
  /// - Throws: `Failure`: `invalid value`, `number with leading zero`,
  ///   `unexpected end of input`.
  mutating func scanNumber() throws(Failure) -> NumberShape {
    var shape = NumberShape(isInteger: true, isNegative: false)
    if bytes[index] == UInt8(ascii: "-") {
      shape.isNegative = true
      index += 1
    }
    guard index < count else { throw failure("unexpected end of input", at: count) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, Self.isDigit(bytes[index]) {
        throw failure("number with leading zero", at: index - 1)
      }
    } else {
      guard Self.isDigit(bytes[index]) else { throw failure("invalid value") }
      skipDigits()
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      shape.isInteger = false
      index += 1
      try requireDigits()
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      shape.isInteger = false
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      try requireDigits()
    }
    return shape
  }

  private mutating func requireDigits() throws(Failure) {
    guard index < count else { throw failure("unexpected end of input", at: count) }
    guard Self.isDigit(bytes[index]) else { throw failure("invalid value") }
    skipDigits()
  }

  @inline(__always)
  private mutating func skipDigits() {
    while index < count, Self.isDigit(bytes[index]) { index += 1 }
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// Moves past `literal` (`true`, `false`, `null`) at the cursor.
  ///
  /// - Throws: `Failure`: `invalid value`, or `unexpected end of input` for a cut-off literal.
  mutating func scanLiteral(_ literal: StaticString) throws(Failure) {
    let length = literal.utf8CodeUnitCount
    for offset in 0..<length {
      guard index + offset < count else { throw failure("unexpected end of input", at: count) }
      guard bytes[index + offset] == literal.utf8Start[offset] else { throw failure("invalid value") }
    }
    index += length
  }
}
