/// The package's one JSON string unescaper: the fixture scanner (in place), the model decoder
/// (into a new `String`), the secret rewriter and `diff`'s input check all decode escapes here.
///
/// It reads the inside of a string (between its quotes) and writes UTF-8. The output is never
/// longer than the input, so the target may be the source itself. A lone UTF-16 surrogate
/// (`\uD800` without its pair) becomes U+FFFD.
package enum JSONUnescaper {
  /// A malformed escape, at `offset` bytes from the start of the string's inside.
  package struct Malformed: Error, Equatable {
    /// Where the backslash of the malformed escape is.
    package var offset: Int
  }

  /// Unescapes `count` bytes at `source` into `target` (which may equal `source`) and returns
  /// the number of bytes written.
  ///
  /// - Parameter lenient: whether a malformed escape is kept rather than refused: `\q` becomes
  ///   `q` and a `\u` without four hex digits stays as written (how the tolerant secret
  ///   rewriter reads a broken body).
  /// - Throws: ``Malformed`` at the first malformed escape, unless `lenient`.
  /// - Complexity: O(count), one pass; runs without escapes move eight bytes at a time.
  package static func unescape(
    _ source: UnsafePointer<UInt8>, count: Int, into target: UnsafeMutablePointer<UInt8>, lenient: Bool
  ) throws(Malformed) -> Int {
    var read = 0
    var written = 0
    while read < count {
      while read + 8 <= count {
        let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
        if hasBackslash(word) { break }
        UnsafeMutableRawPointer(target + written).storeBytes(of: word, as: UInt64.self)
        read += 8
        written += 8
      }
      guard read < count else { break }
      let byte = source[read]
      guard byte == 0x5C, read + 1 < count else {
        if byte == 0x5C, !lenient { throw Malformed(offset: read) }
        target[written] = byte
        written += 1
        read += 1
        continue
      }
      let escaped = source[read + 1]
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): target[written] = escaped
      case UInt8(ascii: "b"): target[written] = 0x08
      case UInt8(ascii: "f"): target[written] = 0x0C
      case UInt8(ascii: "n"): target[written] = 0x0A
      case UInt8(ascii: "r"): target[written] = 0x0D
      case UInt8(ascii: "t"): target[written] = 0x09
      case UInt8(ascii: "u"):
        if let (scalar, length) = unicodeEscape(source + read, available: count - read) {
          written += writeUTF8(scalar, at: target + written)
          read += length
          continue
        }
        guard lenient else { throw Malformed(offset: read) }
        target[written] = 0x5C
        target[written + 1] = escaped
        written += 2
        read += 2
        continue
      default:
        guard lenient else { throw Malformed(offset: read) }
        target[written] = escaped
      }
      written += 1
      read += 2
    }
    return written
  }

  /// The scalar of the `\uXXXX` escape at `escape` (with a following low surrogate when it is
  /// a high one) and the escape's length in bytes; lone surrogates give U+FFFD. `nil` when
  /// four hex digits do not follow.
  @inline(__always)
  static func unicodeEscape(_ escape: UnsafePointer<UInt8>, available: Int) -> (UInt32, Int)? {
    guard available >= 6, let high = hexQuad(escape + 2) else { return nil }
    switch high {
    case 0xD800...0xDBFF:
      if available >= 12, escape[6] == 0x5C, escape[7] == UInt8(ascii: "u"),
        let low = hexQuad(escape + 8), (0xDC00...0xDFFF).contains(low)
      {
        return (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), 12)
      }
      return (0xFFFD, 6)
    case 0xDC00...0xDFFF: return (0xFFFD, 6)
    default: return (high, 6)
    }
  }

  /// The value of four hex digits, or `nil`.
  @inline(__always)
  static func hexQuad(_ digits: UnsafePointer<UInt8>) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = digits[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  @inline(__always)
  private static func hasBackslash(_ word: UInt64) -> Bool {
    let spread: UInt64 = 0x0101_0101_0101_0101
    let backslashes = word ^ (spread &* 0x5C)
    return (backslashes &- spread) & ~backslashes & (spread &* 0x80) != 0
  }

  /// Writes `scalar` as UTF-8 at `target`; returns the byte count (1 to 4).
  @inline(__always)
  static func writeUTF8(_ scalar: UInt32, at target: UnsafeMutablePointer<UInt8>) -> Int {
    switch scalar {
    case 0..<0x80:
      target[0] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      target[0] = UInt8(0xC0 | scalar >> 6)
      target[1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      target[0] = UInt8(0xE0 | scalar >> 12)
      target[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      target[2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      target[0] = UInt8(0xF0 | scalar >> 18)
      target[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      target[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      target[3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// The inside of a JSON string as text, escapes decoded; never fails (malformed escapes are
  /// read leniently).
  package static func text(_ inside: UnsafeBufferPointer<UInt8>) -> String {
    guard let base = inside.baseAddress, !inside.isEmpty else { return "" }
    return String(unsafeUninitializedCapacity: inside.count) { target in
      guard let start = target.baseAddress else { return 0 }
      return (try? unescape(base, count: inside.count, into: start, lenient: true)) ?? 0
    }
  }
}
