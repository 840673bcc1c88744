/// Intent lines as the redactor reads them: the grammar of `Intent` (TableFlow), one id (a
/// word, or a quoted string with JSON escapes that may hold blanks) and the text after it.
extension Redactor {
  /// The parts of an `edit ROW_ID TEXT` line with a text: the id and the text decoded, and
  /// both as written; `nil` for any other line, or an edit that clears its field.
  static func editParts(
    of line: String
  ) -> (id: String, writtenID: Substring, text: String, writtenText: Substring)? {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    var rest = Substring(line).drop(while: blank)
    guard rest.hasPrefix("edit"), let after = rest.dropFirst(4).first, after == " " || after == "\t" else {
      return nil
    }
    rest = rest.dropFirst(4).drop(while: blank)
    let writtenID: Substring
    let id: String
    if rest.first == "\"" {
      guard let end = closingQuote(of: rest) else { return nil }
      writtenID = rest[...end]
      id = decoded(writtenID)
    } else {
      writtenID = rest.prefix { !blank($0) }
      id = String(writtenID)
    }
    var written = rest[writtenID.endIndex...].drop(while: blank)
    while let last = written.last, blank(last) { written = written.dropLast() }
    guard !writtenID.isEmpty, !written.isEmpty else { return nil }
    var text = String(written)
    if written.first == "\"", let end = closingQuote(of: written),
      written.index(after: end) == written.endIndex
    {
      text = decoded(written)
    }
    return (id, writtenID, text, written)
  }

  /// The index of the quote that closes the string opening `text`, backslash escapes skipped.
  private static func closingQuote(of text: Substring) -> Substring.Index? {
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      switch text[index] {
      case "\"": return index
      case "\\":
        index = text.index(after: index)
        if index < text.endIndex { index = text.index(after: index) }
      default: index = text.index(after: index)
      }
    }
    return nil
  }

  /// The text of a quoted string, its JSON escapes decoded.
  private static func decoded(_ quoted: Substring) -> String {
    Array(quoted.utf8.dropFirst().dropLast()).withUnsafeBufferPointer { JSONUnescaper.text($0) }
  }
}
