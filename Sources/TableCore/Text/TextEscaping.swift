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
    write(text, .text, quoting: true, to: &output)
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

  /// Appends `text` as ``token(_:)`` writes it.
  public static func writeToken(_ text: String, to output: inout String) {
    if needsQuoting(text) { writeQuoted(text, to: &output) } else { output += text }
  }

  /// Free text (an error message, a URL, a link) with its dangerous characters escaped and no
  /// quotes added; quotes and backslashes stay as they are.
  public static func inline(_ text: String) -> String {
    var output = ""
    writeInline(text, to: &output)
    return output
  }

  /// Appends `text` as ``inline(_:)`` writes it.
  public static func writeInline(_ text: String, to output: inout String) {
    write(text, .text, quoting: false, to: &output)
  }

  /// Input echoed in an error: escaped like ``inline(_:)`` and cut after `limit` characters
  /// with `… (N more characters)`, so a huge bad line never floods the terminal.
  public static func echoed(_ text: some StringProtocol, limit: Int = 80) -> String {
    let count = text.count
    guard count > limit else { return inline(String(text)) }
    return inline(String(text.prefix(limit))) + "… (\(count - limit) more characters)"
  }

  /// What an escaping form escapes besides quotes and backslashes (when it quotes).
  enum Hazards {
    /// JSON's minimum: the C0 controls.
    case json
    /// For people: the C0 controls, DEL, the C1 controls, the line and paragraph separators,
    /// the bidirectional marks, overrides and isolates, and the invisible byte order mark.
    case text
  }

  /// The one string escaper of TableCore (the text forms and ``JSONValue``): appends `text`,
  /// escaping `hazards` (and, with `quoting`, quotes and backslashes); `\n`, `\r`, `\t` and
  /// `\"`, `\\` short, everything else as `\uXXXX`. Every escape is valid JSON.
  ///
  /// - Complexity: O(*n*) in the UTF-8 length, one pass over the bytes; text that needs no
  ///   escaping is appended whole, and runs between escapes as substrings.
  static func write(_ text: String, _ hazards: Hazards, quoting: Bool, to output: inout String) {
    let utf8 = text.utf8
    let isPlain = utf8.withContiguousStorageIfAvailable { bytes in
      firstEscape(in: bytes, from: 0, hazards, quoting: quoting) == nil
    }
    if isPlain == true {
      output += text
      return
    }
    var copy = text
    copy.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while let found = firstEscape(in: bytes, from: index, hazards, quoting: quoting) {
        let (at, length) = found
        // Runs start and end at ASCII or lead bytes, so at character boundaries of the scalars.
        if at > runStart { output += text[utf8Index(runStart, in: utf8)..<utf8Index(at, in: utf8)] }
        switch bytes[at] {
        case UInt8(ascii: "\""): output += "\\\""
        case UInt8(ascii: "\\"): output += "\\\\"
        case UInt8(ascii: "\n"): output += "\\n"
        case UInt8(ascii: "\r"): output += "\\r"
        case UInt8(ascii: "\t"): output += "\\t"
        default:
          for scalar in String(
            decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + length]), as: UTF8.self
          )
          .unicodeScalars {
            writeUnicodeEscape(scalar.value, to: &output)
          }
        }
        index = at + length
        runStart = index
      }
      if runStart < bytes.count { output += text[utf8Index(runStart, in: utf8)...] }
    }
  }

  /// The index `offset` bytes in (constant time for native strings).
  @inline(__always)
  private static func utf8Index(_ offset: Int, in utf8: String.UTF8View) -> String.Index {
    utf8.index(utf8.startIndex, offsetBy: offset)
  }

  private static func writeUnicodeEscape(_ value: UInt32, to output: inout String) {
    let hex = String(value, radix: 16)
    output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  private static func needsQuoting(_ text: String) -> Bool {
    guard let first = text.utf8.first, let last = text.utf8.last else { return true }
    if first == UInt8(ascii: " ") || last == UInt8(ascii: " ") { return true }
    let found = text.utf8.withContiguousStorageIfAvailable { bytes in
      firstEscape(in: bytes, from: 0, .text, quoting: true) != nil
    }
    if let found { return found }
    var copy = text
    return copy.withUTF8 { firstEscape(in: $0, from: 0, .text, quoting: true) != nil }
  }

  /// The first byte at or after `start` that begins something to escape, with the number of
  /// bytes it takes; `nil` when there is none. Plain ASCII is passed over without looking
  /// further; of the multi-byte sequences only four lead bytes can start a hazard.
  @inline(__always)
  private static func firstEscape(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ hazards: Hazards, quoting: Bool
  ) -> (at: Int, length: Int)? {
    var index = start
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F {
        if quoting && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")) { return (index, 1) }
        index += 1
        continue
      }
      if byte < 0x20 { return (index, 1) }
      if hazards == .text {
        let length = hazardLength(bytes, at: index)
        if length > 0 { return (index, length) }
      }
      index += 1
    }
    return nil
  }

  /// The number of bytes at `index` (DEL or a byte from 0x80 up) that form one character the
  /// text forms escape, 0 when none.
  @inline(__always)
  private static func hazardLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte == 0x7F { return 1 }
    guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF, index + 1 < bytes.count else {
      return 0
    }
    let next = bytes[index + 1]
    switch byte {
    case 0xC2: return next <= 0x9F ? 2 : 0  // U+0080–U+009F, the C1 controls
    case 0xD8: return next == 0x9C ? 2 : 0  // U+061C, the Arabic letter mark
    default:
      guard index + 2 < bytes.count else { return 0 }
      let last = bytes[index + 2]
      switch (byte, next) {
      // U+200E, U+200F, U+2028…U+202E: marks, separators, embeddings and overrides.
      case (0xE2, 0x80): return last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last) ? 3 : 0
      case (0xE2, 0x81): return (0xA6...0xA9).contains(last) ? 3 : 0  // U+2066…U+2069, isolates
      case (0xEF, 0xBB): return last == 0xBF ? 3 : 0  // U+FEFF, the invisible byte order mark
      default: return 0
      }
    }
  }
}
