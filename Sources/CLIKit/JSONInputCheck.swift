/// Checks a JSON document for what Foundation's parser accepts silently but `diff` must not:
/// an object with the same key twice (the parser keeps one value and drops the other) and an
/// integer outside the 64-bit range (the parser turns it into a `Double`, so two different
/// integers can compare equal).
///
/// It only looks for those two problems: a syntax error is left to the parser, which reports it
/// with its position. Runs in linear time and constant stack (no recursion).
struct JSONInputCheck {
  /// The first problem found: what, and where (1-based line and column, 0-based byte).
  struct Problem: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
    var byte: Int

    /// `LINE:COLUMN: MESSAGE (byte N)`.
    var description: String { "\(line):\(column): \(message) (byte \(byte))" }
  }

  private let bytes: [UInt8]
  private var index = 0

  /// The keys of each object being read, innermost last; `nil` for an array.
  private var keys: [Set<[UInt8]>?] = []

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Finds the first duplicate key or out-of-range integer in `bytes`.
  /// - Throws: ``Problem``; returns quietly for a document without either (even an invalid one).
  static func check(_ bytes: [UInt8]) throws(Problem) {
    var scanner = JSONInputCheck(bytes)
    try scanner.run()
  }

  private mutating func run() throws(Problem) {
    // A flat walk over tokens: objects push a key set, arrays push nil; a string directly
    // after `{` or `,` inside an object is a key.
    var expectingKey = false
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        keys.append([])
        expectingKey = true
        index += 1
      case UInt8(ascii: "["):
        keys.append(nil)
        expectingKey = false
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !keys.isEmpty { keys.removeLast() }
        expectingKey = false
        index += 1
      case UInt8(ascii: ","):
        expectingKey = keys.last.map { $0 != nil } ?? false
        index += 1
      case UInt8(ascii: "\""):
        let start = index
        guard let text = readString() else { return }  // unterminated: the parser reports it
        if expectingKey, var set = keys.last ?? nil {
          guard set.insert(text).inserted else {
            let shown = String(decoding: text.prefix(60), as: UTF8.self)
            throw problem("duplicate key \"\(shown)\" in one object", at: start)
          }
          keys[keys.count - 1] = set
        }
        expectingKey = false
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try readNumber()
        expectingKey = false
      default:
        index += 1
      }
    }
  }

  /// Reads a string literal (index on its opening quote) and returns its decoded bytes, so
  /// that `"a"` and `"\u0061"` are the same key; `nil` when it never ends.
  private mutating func readString() -> [UInt8]? {
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return text
      }
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        text.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "u"):
        // Kept as the code unit's value: enough to tell keys apart and to match `\u0061`
        // with `a` for ASCII; surrogate pairs compare by their two units.
        var unit: UInt32 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let value = Self.hexValue(bytes[index]) {
          unit = unit << 4 | value
          digits += 1
          index += 1
        }
        if unit < 0x80 {
          text.append(UInt8(unit))
        } else {
          text += [0xFF, UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
      default: text.append(escaped)
      }
    }
    return nil
  }

  /// Reads a number; an integer literal (no fraction, no exponent) must fit in `Int64`.
  private mutating func readNumber() throws(Problem) {
    let start = index
    var isInteger = true
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"):
        index += 1
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        isInteger = false
        index += 1
      default:
        return try checkInteger(from: start, isInteger: isInteger)
      }
    }
    try checkInteger(from: start, isInteger: isInteger)
  }

  private func checkInteger(from start: Int, isInteger: Bool) throws(Problem) {
    guard isInteger else { return }
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    guard Int64(literal) == nil, literal != "-", !literal.isEmpty else { return }
    // Only digits after an optional sign: a malformed token is the parser's to report.
    let digits = literal.hasPrefix("-") ? literal.dropFirst() : Substring(literal)
    guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return }
    let shown = literal.count > 40 ? literal.prefix(40) + "…" : Substring(literal)
    throw problem("integer \(shown) is outside the 64-bit range", at: start)
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func problem(_ message: String, at offset: Int) -> Problem {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return Problem(message: message, line: line, column: column, byte: offset)
  }
}
