import Foundation

/// What the package's JSON decoder and Foundation's `JSONDecoder` are compared with, shared by
/// the differential test (Tests/TableFlowTests) and the decoder fuzz target (tools/fuzz, which
/// compiles this file and SeededGenerator.swift with it): the probe model, the document
/// generator, the damage, and where the two decoders are documented to differ.
public enum JSONDifferential {
  /// Any JSON value, read through Codable's containers with the fallbacks models use: nil,
  /// then each scalar type in turn (the failed attempts exercise the error paths), then arrays
  /// and objects.
  public indirect enum Probe: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case real(Double)
    case text(String)
    case list([Probe])
    case object([String: Probe])

    /// Reads the value with the first container reading that succeeds.
    public init(from decoder: any Decoder) throws {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
      } else if let whole = try? single.decode(Int64.self) {
        self = .integer(whole)
      } else if let whole = try? single.decode(UInt64.self) {
        self = .unsigned(whole)
      } else if let real = try? single.decode(Double.self) {
        self = .real(real)
      } else if let text = try? single.decode(String.self) {
        self = .text(text)
      } else if let list = try? single.decode([Probe].self) {
        self = .list(list)
      } else {
        self = .object(try single.decode([String: Probe].self))
      }
    }
  }

  /// Writes random JSON text from a seed: every kind of value, nesting, whitespace, escapes,
  /// non-ASCII text, integers past 64 bits and numbers with fractions and exponents around
  /// the edges of `Int64`, `UInt64` and `Double`.
  public struct DocumentWriter {
    /// Where the choices come from.
    public var random: SeededGenerator

    /// A writer drawing from `random`.
    public init(random: SeededGenerator) { self.random = random }

    /// A value nested `depth` levels deep (containers stop at depth 5).
    public mutating func value(depth: Int) -> String {
      switch Int.random(in: 0..<(depth > 4 ? 5 : 8), using: &random) {
      case 0: return "null"
      case 1: return Bool.random(using: &random) ? "true" : "false"
      case 2: return integer()
      case 3: return real()
      case 4: return quoted()
      case 5, 6:
        let count = Int.random(in: 0..<5, using: &random)
        var keys = Set<String>()
        let members = (0..<count).compactMap { _ -> String? in
          let key = quoted()
          guard keys.insert(key).inserted else { return nil }
          return key + space() + ":" + space() + value(depth: depth + 1)
        }
        return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
      default:
        let count = Int.random(in: 0..<5, using: &random)
        return "[" + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
      }
    }

    mutating func space() -> String { ["", "", " ", "\n  ", "\t"][Int.random(in: 0..<5, using: &random)] }

    mutating func integer() -> String {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: return String(Int.random(in: -100...100, using: &random))
      case 1: return String(Int64.random(in: .min ... .max, using: &random))
      case 2: return String(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &random))
      case 3: return "-0"
      default: return String(repeating: "9", count: Int.random(in: 19...30, using: &random))
      }
    }

    mutating func real() -> String {
      let mantissa =
        "\(Int.random(in: -999...999, using: &random)).\(Int.random(in: 0...99_999, using: &random))"
      switch Int.random(in: 0..<6, using: &random) {
      case 0: return mantissa
      case 1: return mantissa + "e" + String(Int.random(in: -30...30, using: &random))
      case 2: return "1E+" + String(Int.random(in: 300...330, using: &random))
      case 3: return "2.5e-" + String(Int.random(in: 300...340, using: &random))
      case 4:
        // Next to the ends of Int64 and UInt64, with a fraction: whole or not.
        let edge = [
          "-9223372036854775808", "-9223372036854775807", "9223372036854775807", "18446744073709551615",
        ]
        return edge[Int.random(in: 0..<edge.count, using: &random)]
          + [".0", ".5", ".25", "e0", ".000"][
            Int.random(in: 0..<5, using: &random)]
      default:
        // A whole number written with a fraction or an exponent (`15e-1` is not one).
        let digits = String(Int64.random(in: -999_999_999...999_999_999, using: &random))
        return [digits + ".0", digits + "e0", digits + "0e-1", digits + "e2", digits + "5e-1"][
          Int.random(in: 0..<5, using: &random)]
      }
    }

    mutating func quoted() -> String {
      let pieces = [
        "a", "title", "江湖", "😀", " ", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\u4e2d",
        "\\t", "é", "k", "\\u0000",
      ]
      let count = Int.random(in: 0..<5, using: &random)
      return "\"" + (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
        + "\""
    }
  }

  /// Damages a document: cuts it, changes one byte, or inserts one (JSON punctuation, or a
  /// byte that breaks UTF-8).
  public static func damaged(_ text: [UInt8], random: inout SeededGenerator) -> [UInt8] {
    var bytes = text
    guard !bytes.isEmpty else { return bytes }
    let position = Int.random(in: 0..<bytes.count, using: &random)
    let junk: [UInt8] = Array(#"{}[],:"\-+.e0 9tfnx"#.utf8) + [0xFF, 0xC3, 0x80, 0xED]
    switch Int.random(in: 0..<3, using: &random) {
    case 0: bytes.removeSubrange(position...)
    case 1: bytes[position] = junk[Int.random(in: 0..<junk.count, using: &random)]
    default: bytes.insert(junk[Int.random(in: 0..<junk.count, using: &random)], at: position)
    }
    return bytes
  }

  /// Whether the document holds a number that Foundation reads as an integer type otherwise
  /// than exact decimal arithmetic does: the package's documented difference. Foundation goes
  /// through a rounded `Double` (`1.0000000000000001` reads as 1, `1e-400` as 0,
  /// `9223372036854775807.0` is refused as an `Int64`) and from 2⁵³ up drops the fraction
  /// (`123456789012345678.5` reads as 123456789012345678); the package reads an integer
  /// type only from a number whose decimal digits are a whole number that fits. Where
  /// Foundation is exact (`-9223372036854775808.5` is no `Int64`) they must agree.
  public static func foundationRoundsAnInteger(in bytes: [UInt8]) -> Bool {
    numberTokens(in: bytes).contains { token in
      guard token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return false }
      let data = Data("[\(token)]".utf8)
      let int64 = try? JSONDecoder().decode([Int64].self, from: data).first
      let uint64 = try? JSONDecoder().decode([UInt64].self, from: data).first
      return int64 != ExactNumber.whole(token, as: Int64.self)
        || uint64 != ExactNumber.whole(token, as: UInt64.self)
    }
  }

  /// Whether the document holds a number with an exponent of five digits or more: Foundation's
  /// parser wraps such exponents around (it may read `2.5e-18446744073709551615` as a
  /// `Double` while it refuses `1e-400`); the package refuses both.
  public static func hasHugeExponent(_ bytes: [UInt8]) -> Bool {
    numberTokens(in: bytes).contains { token in
      guard let marker = token.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return false }
      return token[token.index(after: marker)...].filter(\.isNumber).count >= 5
    }
  }

  /// The text of each number in the document (outside strings), in order; tolerant of text
  /// that is not JSON.
  public static func numberTokens(in bytes: [UInt8]) -> [String] {
    var tokens: [String] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
      } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let start = index
        while index < bytes.count, Array("+-.eE0123456789".utf8).contains(bytes[index]) { index += 1 }
        tokens.append(String(decoding: bytes[start..<index], as: UTF8.self))
      } else {
        index += 1
      }
    }
    return tokens
  }
}

/// A JSON number's value by exact decimal arithmetic on its text: the reference the package's
/// integer reading is checked against.
public enum ExactNumber {
  /// The value of `token` (JSON number grammar) as `Value` when it is a whole number that
  /// `Value` holds, else `nil`.
  public static func whole<Value: FixedWidthInteger>(_ token: String, as type: Value.Type) -> Value? {
    var text = Substring(token)
    let negative = text.first == "-"
    if negative { text = text.dropFirst() }
    var exponent = 0
    if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      let written = text[text.index(after: marker)...]
      let magnitude = written.drop { $0 == "+" || $0 == "-" }
      // Past six digits only the sign matters here: the digits are at most a few thousand.
      let size = magnitude.count > 6 ? 1_000_000 : Int(magnitude) ?? 0
      exponent = written.first == "-" ? -size : size
      text = text[..<marker]
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
    // The decimal point sits after `point` digits.
    let point = parts[0].count + exponent
    guard digits.contains(where: { $0 != "0" }) else { return 0 }
    if point < digits.count {
      guard point >= 0, digits.dropFirst(point).allSatisfy({ $0 == "0" }) else { return nil }
      digits = String(digits.prefix(point))
    } else {
      guard point - digits.count <= 40 else { return nil }
      digits += String(repeating: "0", count: point - digits.count)
    }
    let trimmed = digits.drop { $0 == "0" }
    return Value((negative ? "-" : "") + (trimmed.isEmpty ? "0" : trimmed))
  }
}
