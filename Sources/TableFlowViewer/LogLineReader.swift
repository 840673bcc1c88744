import TableCore

/// Reads the parts of one text log line back: positions, tokens and quoted strings as
/// `SnapshotText` and `TextEscaping` write them. A reader over one line's characters; every
/// read returns `nil` (never traps) when the line does not hold what was asked for.
struct LogLineReader {
  private let characters: [Character]
  private var index = 0

  init(_ line: Substring) {
    characters = Array(line)
  }

  /// Whether the whole line has been read.
  var isAtEnd: Bool { index >= characters.count }

  /// What is left of the line.
  var rest: String { index < characters.count ? String(characters[index...]) : "" }

  /// Reads `literal` if the line continues with it.
  mutating func skip(_ literal: String) -> Bool {
    let wanted = Array(literal)
    guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted
    else { return false }
    index += wanted.count
    return true
  }

  /// Whether the line continues with `literal`, without reading it.
  func peek(_ literal: String) -> Bool {
    var copy = self
    return copy.skip(literal)
  }

  /// A whole number.
  mutating func integer() -> Int? {
    var digits = ""
    while index < characters.count, characters[index].isASCII, characters[index].isNumber {
      digits.append(characters[index])
      index += 1
      if digits.count > 18 { return nil }
    }
    return Int(digits)
  }

  /// `S.R`.
  mutating func position() -> (section: Int, row: Int)? {
    guard let section = integer(), skip("."), let row = integer() else { return nil }
    return (section, row)
  }

  /// A token as `TextEscaping.token` writes it: quoted, or bare up to the first occurrence of
  /// one of `ends` (or the end of the line).
  mutating func token(endingAt ends: [String] = [" "]) -> String? {
    if index < characters.count, characters[index] == "\"" { return quoted() }
    let start = index
    while index < characters.count, !ends.contains(where: { peek($0) }) { index += 1 }
    return index > start ? String(characters[start..<index]) : nil
  }

  /// A string in double quotes with `TextEscaping`'s escapes: `\"`, `\\`, `\n`, `\r`, `\t`,
  /// `\uXXXX`.
  mutating func quoted() -> String? {
    guard skip("\"") else { return nil }
    var text = ""
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == "\"" { return text }
      guard character == "\\" else {
        text.append(character)
        continue
      }
      guard index < characters.count else { return nil }
      let escape = characters[index]
      index += 1
      switch escape {
      case "n": text.append("\n")
      case "r": text.append("\r")
      case "t": text.append("\t")
      case "u":
        guard index + 4 <= characters.count,
          let value = UInt32(String(characters[index..<index + 4]), radix: 16)
        else { return nil }
        index += 4
        text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default: text.append(escape)
      }
    }
    return nil
  }

  /// Everything up to `literal` (not read), or `nil` when the line has no `literal` ahead.
  mutating func text(upTo literal: String) -> String? {
    let start = index
    while index < characters.count {
      if peek(literal) { return String(characters[start..<index]) }
      index += 1
    }
    index = start
    return nil
  }

  /// A field value as `SnapshotText.write(_:to:)` writes it: quoted text, a number, `true`,
  /// `false` or `null`, as the JSON value the session page holds for it.
  mutating func fieldValue() -> JSONValue? {
    if index < characters.count, characters[index] == "\"" { return quoted().map(JSONValue.string) }
    guard let word = token() else { return nil }
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    default:
      if let whole = Int(word) { return .integer(whole) }
      return Double(word).map(JSONValue.number) ?? .string(word)
    }
  }
}
