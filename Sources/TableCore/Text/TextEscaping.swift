/// Escaping for text meant for people — text logs, `diff --format text`, error lines — so that
/// no string from a backend, a fixture or an intents file can break a line, forge another one,
/// or send a terminal escape.
///
/// Besides what JSON escapes (quotes, backslashes, C0 controls), the text forms escape DEL, the
/// C1 controls, the Unicode line and paragraph separators and the bidirectional overrides and
/// isolates (which can make a line read differently from its bytes), each as `\uXXXX`.
public enum TextEscaping {
  /// `text` in double quotes, escaped as above: `"a \"b\"\n"`.
  public static func quoted(_ text: String) -> String {
    var output = ""
    writeQuoted(text, to: &output)
    return output
  }

  /// Appends `text` in double quotes, escaped as above.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length; runs that need no escaping are copied whole.
  public static func writeQuoted(_ text: String, to output: inout String) {
    output += "\""
    write(text, quoting: true, to: &output)
    output += "\""
  }

  /// An identifier as logs print it: as is when nothing in it needs escaping (the usual case,
  /// `book-1000001-info`, `attribute-Date of birth`), otherwise quoted like ``quoted(_:)``.
  ///
  /// Empty text, text with leading or trailing blanks, quotes or backslashes are quoted too,
  /// so a quoted token never reads as a bare one.
  public static func token(_ text: String) -> String {
    guard needsQuoting(text) else { return text }
    return quoted(text)
  }

  /// Free text (an error message, a URL, a link) with its dangerous characters escaped and no
  /// quotes added; quotes and backslashes stay as they are.
  public static func inline(_ text: String) -> String {
    var output = ""
    write(text, quoting: false, to: &output)
    return output
  }

  /// Input echoed in an error: escaped like ``inline(_:)`` and cut after `limit` characters
  /// with `… (N more characters)`, so a huge bad line never floods the terminal.
  public static func echoed(_ text: some StringProtocol, limit: Int = 80) -> String {
    let count = text.count
    guard count > limit else { return inline(String(text)) }
    return inline(String(text.prefix(limit))) + "… (\(count - limit) more characters)"
  }

  private static func needsQuoting(_ text: String) -> Bool {
    guard let first = text.utf8.first, let last = text.utf8.last else { return true }
    if first == UInt8(ascii: " ") || last == UInt8(ascii: " ") { return true }
    var index = text.utf8.startIndex
    while index != text.utf8.endIndex {
      let byte = text.utf8[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
      if escapeLength(text.utf8, at: index) > 0 { return true }
      text.utf8.formIndex(after: &index)
    }
    return false
  }

  /// The number of bytes at `index` that form one character to escape, 0 when none.
  private static func escapeLength(_ utf8: String.UTF8View, at index: String.UTF8View.Index) -> Int {
    let byte = utf8[index]
    if byte < 0x20 || byte == 0x7F { return 1 }
    guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF else { return 0 }
    let second = utf8.index(after: index)
    guard second != utf8.endIndex else { return 0 }
    let next = utf8[second]
    switch byte {
    case 0xC2: return next <= 0x9F ? 2 : 0  // U+0080–U+009F, the C1 controls
    case 0xD8: return next == 0x9C ? 2 : 0  // U+061C, the Arabic letter mark
    default:
      let third = utf8.index(after: second)
      guard third != utf8.endIndex else { return 0 }
      let last = utf8[third]
      switch (byte, next) {
      // U+200E, U+200F, U+2028…U+202E: marks, separators, embeddings and overrides.
      case (0xE2, 0x80): return last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last) ? 3 : 0
      case (0xE2, 0x81): return (0xA6...0xA9).contains(last) ? 3 : 0  // U+2066…U+2069, isolates
      case (0xEF, 0xBB): return last == 0xBF ? 3 : 0  // U+FEFF, the invisible byte order mark
      default: return 0
      }
    }
  }

  private static func write(_ text: String, quoting: Bool, to output: inout String) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      let length = escapeLength(utf8, at: index)
      let isQuote = quoting && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
      guard length > 0 || isQuote else {
        utf8.formIndex(after: &index)
        continue
      }
      output += String(decoding: utf8[runStart..<index], as: UTF8.self)
      let end = utf8.index(index, offsetBy: max(length, 1))
      switch byte {
      case UInt8(ascii: "\""): output += "\\\""
      case UInt8(ascii: "\\"): output += "\\\\"
      case UInt8(ascii: "\n"): output += "\\n"
      case UInt8(ascii: "\r"): output += "\\r"
      case UInt8(ascii: "\t"): output += "\\t"
      default:
        for scalar in String(decoding: utf8[index..<end], as: UTF8.self).unicodeScalars {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
      }
      index = end
      runStart = index
    }
    output += runStart == utf8.startIndex ? text : String(decoding: utf8[runStart..<index], as: UTF8.self)
  }
}
