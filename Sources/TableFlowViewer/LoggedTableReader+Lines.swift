import TableCore

extension LoggedTableReader {
  /// `0 wish "想读" [dynamic, collapsed] footer="共 90 本"` (after `section `), with the
  /// `, 41 rows` an arriving section's line ends with.
  static func section(_ text: Substring) -> LoggedTable.Section? {
    var reader = LogLineReader(text)
    return section(&reader)
  }

  private static func section(_ reader: inout LogLineReader) -> LoggedTable.Section? {
    guard reader.integer() != nil, reader.skip(" "), let id = reader.token(endingAt: [" \"", " ["]),
      reader.skip(" ")
    else { return nil }
    var header: String?
    if reader.peek("\"") {
      guard let text = reader.quoted(), reader.skip(" ") else { return nil }
      header = text
    }
    guard reader.skip("["), var style = reader.text(upTo: "]"), reader.skip("]") else { return nil }
    let isCollapsed = style.hasSuffix(", collapsed")
    if isCollapsed { style.removeLast(", collapsed".count) }
    var footer: String?
    if reader.skip(" footer=") {
      guard let text = reader.quoted() else { return nil }
      footer = text
    }
    if reader.skip(", ") {
      guard reader.integer() != nil, reader.skip(" row") else { return nil }
      _ = reader.skip("s")
    }
    guard reader.isAtEnd else { return nil }
    return LoggedTable.Section(id: id, header: header, footer: footer, style: style, isCollapsed: isCollapsed)
  }

  /// `0.0 bookInfo book-1  title="江湖散步" rating=6.7  height=108`.
  static func row(_ text: Substring) -> LoggedTable.Row? {
    var reader = LogLineReader(text)
    return row(&reader)
  }

  private static func row(_ reader: inout LogLineReader) -> LoggedTable.Row? {
    guard reader.position() != nil, reader.skip(" "), let kind = reader.token(), reader.skip(" "),
      let id = reader.token(endingAt: ["  "]), reader.skip(" ")
    else { return nil }
    var fields: [LoggedTable.Field] = []
    while !reader.peek("  height=") {
      guard reader.skip(" "), let name = reader.token(endingAt: ["="]), reader.skip("="),
        let value = reader.fieldValue()
      else { return nil }
      fields.append(LoggedTable.Field(name: name, value: value))
    }
    guard reader.skip("  height="), let height = Double(reader.rest) else { return nil }
    return LoggedTable.Row(kind: kind, id: id, height: height, fields: fields)
  }

  /// Adds one operation line of a stage (without its four leading spaces) to `stage`.
  /// - Returns: the arriving section (inserted or reloaded) whose rows follow, as
  ///   `(index, reload)`, `(-1, false)` for any other operation read, `nil` for a line it
  ///   cannot read.
  static func operation(_ text: Substring, into stage: inout LoggedTable.Stage) -> (index: Int, reload: Bool)?
  {
    var reader = LogLineReader(text)
    let none = (index: -1, reload: false)
    if reader.skip("- section ") {
      guard let index = reader.integer() else { return nil }
      stage.sectionDeletes.insert(index)
      return none
    }
    if reader.skip("* now section ") {
      guard let index = peekIndex(reader), let section = section(&reader) else { return nil }
      stage.sectionReloads[index] = section
      return (index, true)
    }
    if reader.skip("* section ") {
      return reader.integer() == nil ? nil : none  // its new content follows as `* now section`
    }
    if reader.skip("> section ") {
      guard let from = reader.integer(), reader.skip(" → "), let to = reader.integer() else { return nil }
      stage.sectionMoves.append((from, to))
      return none
    }
    if reader.skip("= section ") {
      guard let index = reader.integer(), reader.skip(" "),
        reader.token(endingAt: [" header ", " footer "]) != nil
      else { return nil }
      var change: (index: Int, header: String??, footer: String??) = (index, nil, nil)
      while !reader.isAtEnd {
        if reader.skip(" header "), let (_, after) = titlePair(&reader) {
          change.header = .some(after)
        } else if reader.skip(" footer "), let (_, after) = titlePair(&reader) {
          change.footer = .some(after)
        } else {
          return nil
        }
      }
      stage.sectionTitles.append(change)
      return none
    }
    if reader.skip("+ section ") {
      guard let index = peekIndex(reader), let section = section(&reader) else { return nil }
      stage.sectionInserts[index] = section
      return (index, false)
    }
    if reader.skip("- row ") {
      guard let (section, row) = reader.position() else { return nil }
      stage.rowDeletes.insert(LoggedTable.Position(section: section, row: row))
      return none
    }
    if reader.skip("> row ") {
      guard let from = reader.position(), reader.skip(" → "), let to = reader.position() else { return nil }
      stage.rowMoves.append(
        (
          LoggedTable.Position(section: from.section, row: from.row),
          LoggedTable.Position(section: to.section, row: to.row)
        ))
      return none
    }
    if reader.skip("! row ") || reader.skip("~ row ") {
      var copy = reader
      guard let (section, row) = copy.position() else { return nil }
      // A row whose new content the log does not show keeps its old one.
      if let content = self.row(&reader) {
        stage.rowReplacements[LoggedTable.Position(section: section, row: row)] = content
      }
      return none
    }
    if reader.skip("+ row ") {
      var copy = reader
      guard let (section, row) = copy.position(), let content = self.row(&reader) else { return nil }
      stage.rowInserts[LoggedTable.Position(section: section, row: row)] = content
      return none
    }
    return nil
  }

  /// The section index a section line starts with, without reading it.
  private static func peekIndex(_ reader: LogLineReader) -> Int? {
    var copy = reader
    return copy.integer()
  }

  /// `"a" → "b"`, `none → "b"`, `"a" → none`.
  private static func titlePair(_ reader: inout LogLineReader) -> (String?, String?)? {
    func title() -> String?? {
      if reader.skip("none") { return .some(nil) }
      return reader.quoted().map { .some($0) }
    }
    guard let before = title(), reader.skip(" → "), let after = title() else { return nil }
    return (before, after)
  }
}
