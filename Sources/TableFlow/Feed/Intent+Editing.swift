import TableCore

extension Intent {
  /// What logs show instead of the text typed into a secure field.
  public static let secureMask = "••••"

  /// The intent as one line of the intents-file syntax, with the text of a secret edit: what a
  /// recording keeps so that the session replays (its redaction rules apply to it). Otherwise
  /// the same as ``description``.
  public var scriptLine: String {
    guard case .edit(let row, let text, true) = self else { return description }
    return Intent.edit(row, text: text).description
  }

  /// The id an intent's whole argument names: a quoted string decoded (JSON escapes), or the
  /// argument as written.
  static func unquotedArgument(_ argument: String, verb: String) throws(IntentSyntaxError) -> String {
    guard argument.first == "\"" else { return argument }
    guard let (value, after) = unquote(Substring(argument)), after.isEmpty else {
      throw IntentSyntaxError("'\(verb)': malformed quoted id '\(TextEscaping.echoed(argument))'")
    }
    return value
  }

  /// `edit ROW_ID TEXT`: the id is the first word (or a quoted string), the text the rest.
  static func parseEdit(_ argument: String) throws(IntentSyntaxError) -> Intent {
    guard !argument.isEmpty else { throw IntentSyntaxError("'edit' takes ROW_ID and TEXT") }
    let (id, rest) = try firstWord(of: Substring(argument), verb: "edit")
    let text = rest.drop { $0 == " " || $0 == "\t" }
    if text.first == "\"" {
      guard let (value, after) = unquote(text), after.isEmpty else {
        throw IntentSyntaxError(
          "'edit': unterminated or malformed quoted text '\(TextEscaping.echoed(text))'")
      }
      return .edit(RowID(id), text: value)
    }
    return .edit(RowID(id), text: String(text))
  }

  /// `action ROW_ID NAME`: the name is the last word (or a quoted string at the end), the id
  /// what comes before it.
  static func parseAction(_ argument: String) throws(IntentSyntaxError) -> Intent {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let text = Substring(argument)
    let name: String
    let head: Substring
    if let (start, quoted) = trailingQuoted(text) {
      name = quoted
      head = text[..<start]
    } else {
      guard let space = text.lastIndex(where: blank) else {
        throw IntentSyntaxError("'action' takes ROW_ID and NAME")
      }
      name = String(text[text.index(after: space)...])
      head = text[..<space]
      guard name.first != "\"" else {
        throw IntentSyntaxError("'action': malformed quoted NAME '\(TextEscaping.echoed(name))'")
      }
    }
    var id = String(head.drop(while: blank).reversed().drop(while: blank).reversed())
    if id.first == "\"" {
      guard let (value, after) = unquote(Substring(id)), after.isEmpty else {
        throw IntentSyntaxError("'action': malformed quoted ROW_ID '\(TextEscaping.echoed(id))'")
      }
      id = value
    }
    guard !id.isEmpty, !name.isEmpty else { throw IntentSyntaxError("'action' takes ROW_ID and NAME") }
    return .action(RowID(id), name: name)
  }

  /// The quoted string that ends `text` after a blank (`action "row 1" "mark read"`), and
  /// where its opening quote is; `nil` when `text` does not end with one. A quote inside a
  /// quoted id is escaped, so the first quote after a blank that reads to the end is it.
  private static func trailingQuoted(_ text: Substring) -> (Substring.Index, String)? {
    guard text.last == "\"" else { return nil }
    var index = text.startIndex
    while let quote = text[index...].firstIndex(of: "\"") {
      if quote > text.startIndex, [" ", "\t"].contains(text[text.index(before: quote)]),
        let (value, after) = unquote(text[quote...]), after.isEmpty
      {
        return (quote, value)
      }
      index = text.index(after: quote)
    }
    return nil
  }

  /// The first word of `text` (or its leading quoted string) and what follows it.
  private static func firstWord(
    of text: Substring, verb: String
  ) throws(IntentSyntaxError) -> (String, Substring) {
    if text.first == "\"" {
      guard let (value, rest) = unquote(text), rest.isEmpty || rest.first == " " || rest.first == "\t" else {
        throw IntentSyntaxError("'\(verb)': malformed quoted ROW_ID in '\(TextEscaping.echoed(text))'")
      }
      return (value, rest)
    }
    let end = text.firstIndex { $0 == " " || $0 == "\t" } ?? text.endIndex
    return (String(text[..<end]), text[end...])
  }

  /// `text` in double quotes when the bare form would not read back the same: empty, with
  /// leading or trailing blanks, quotes, backslashes or control characters, ending in `&`
  /// (a line ending in ` &` means "do not wait"), or holding blanks when `isWord`.
  static func quotedIfNeeded(_ text: String, isWord: Bool = false) -> String {
    let token = TextEscaping.token(text)
    if token != text { return token }
    if text.hasSuffix("&") || (isWord && text.contains(where: { $0 == " " || $0 == "\t" })) {
      return TextEscaping.quoted(text)
    }
    return text
  }

  /// The string at the start of `text` in double quotes, with JSON's escapes (`\"`, `\\`, `\/`,
  /// `\n`, `\r`, `\t`, `\b`, `\f`, `\uXXXX`), and what follows the closing quote; `nil` when
  /// it is not one.
  static func unquote(_ text: Substring) -> (String, Substring)? {
    guard text.first == "\"" else { return nil }
    var scalars = text.unicodeScalars.dropFirst()
    var value = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\"":
        return (String(value), Substring(scalars))
      case "\\":
        guard let escape = scalars.popFirst() else { return nil }
        switch escape {
        case "\"", "\\", "/": value.append(escape)
        case "n": value.append("\n")
        case "r": value.append("\r")
        case "t": value.append("\t")
        case "b": value.append("\u{8}")
        case "f": value.append("\u{C}")
        case "u":
          guard let code = hexCode(&scalars) else { return nil }
          if (0xD800..<0xDC00).contains(code) {
            // A surrogate pair: `\uD83D\uDE00`.
            guard scalars.popFirst() == "\\", scalars.popFirst() == "u", let low = hexCode(&scalars),
              (0xDC00..<0xE000).contains(low),
              let combined = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
            else { return nil }
            value.append(combined)
          } else {
            guard let decoded = Unicode.Scalar(code) else { return nil }
            value.append(decoded)
          }
        default: return nil
        }
      default:
        value.append(scalar)
      }
    }
    return nil
  }

  private static func hexCode(_ scalars: inout Substring.UnicodeScalarView) -> UInt32? {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let scalar = scalars.popFirst(), let digit = Int(String(scalar), radix: 16) else { return nil }
      code = code * 16 + UInt32(digit)
    }
    return code
  }
}
