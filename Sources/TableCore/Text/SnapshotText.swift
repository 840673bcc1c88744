/// The one text rendering of snapshots and changesets, shared by the text snapshot log and
/// `tableflow diff --format text`.
///
/// Every string that comes from data — ids, kinds, titles, field values — goes through
/// ``TextEscaping``, so a line always stays one line.
public enum SnapshotText {
  /// `3 sections, 121 rows`.
  public static func counts(_ snapshot: TableSnapshot) -> String {
    var out = ""
    writeCounts(snapshot, to: &out)
    return out
  }

  /// Appends ``counts(_:)``.
  public static func writeCounts(_ snapshot: TableSnapshot, to output: inout String) {
    let sections = snapshot.sections.count
    let rows = snapshot.rowCount
    write(sections, to: &output)
    output += sections == 1 ? " section, " : " sections, "
    write(rows, to: &output)
    output += rows == 1 ? " row" : " rows"
  }

  /// A whole snapshot: per section a line, then one indented line per row, each ending in a
  /// newline and indented by two spaces.
  public static func lines(for snapshot: TableSnapshot) -> String {
    var out = ""
    writeLines(for: snapshot, to: &out)
    return out
  }

  /// Appends ``lines(for:)``, straight into `output`.
  public static func writeLines(for snapshot: TableSnapshot, to output: inout String) {
    writeLines(for: snapshot, to: &output, spill: nil)
  }

  /// Appends ``lines(for:)`` to `output`, handing it to `spill` whenever it has grown past
  /// the spill's limit (at a line's end).
  package static func writeLines(for snapshot: TableSnapshot, to output: inout String, spill: TextSpill?) {
    for (index, section) in snapshot.sections.enumerated() {
      output += "  "
      writeLine(for: section, at: index, to: &output)
      output += "\n"
      for (row, value) in section.rows.enumerated() {
        output += "    "
        writeLine(for: value, at: RowPosition(section: index, row: row), to: &output)
        output += "\n"
        spill?.check(&output)
      }
    }
  }

  /// `section 0 wish "想读" [dynamic] footer="共 90 本"`.
  public static func line(for section: Section, at index: Int) -> String {
    var text = ""
    writeLine(for: section, at: index, to: &text)
    return text
  }

  /// Appends ``line(for:at:)-(Section,_)`` (no newline).
  public static func writeLine(for section: Section, at index: Int, to output: inout String) {
    output += "section "
    write(index, to: &output)
    output += " "
    TextEscaping.writeToken(section.id.rawValue, to: &output)
    if let header = section.header {
      output += " "
      TextEscaping.writeQuoted(header, to: &output)
    }
    output += " ["
    output += section.style.rawValue
    if section.isCollapsed { output += ", collapsed" }
    output += "]"
    if let footer = section.footer {
      output += " footer="
      TextEscaping.writeQuoted(footer, to: &output)
    }
  }

  /// `0.0 bookInfo book-1  title="江湖散步" rating=6.7  height=108`.
  public static func line(for row: Row, at position: RowPosition) -> String {
    var text = ""
    writeLine(for: row, at: position, to: &text)
    return text
  }

  /// Appends ``line(for:at:)-(Row,_)`` (no newline).
  public static func writeLine(for row: Row, at position: RowPosition, to output: inout String) {
    write(position, to: &output)
    output += " "
    TextEscaping.writeToken(row.kind.rawValue, to: &output)
    output += " "
    TextEscaping.writeToken(row.id.rawValue, to: &output)
    output += " "
    for field in row.fields {
      output += " "
      TextEscaping.writeToken(field.name, to: &output)
      output += "="
      write(field.value, to: &output)
    }
    output += "  height="
    output += JSONValue.format(row.height)
  }

  /// A field value: text quoted and escaped, numbers as JSON writes them.
  public static func write(_ value: FieldValue, to text: inout String) {
    switch value {
    case .text(let string): TextEscaping.writeQuoted(string, to: &text)  // straight into the line
    case .number(let number): text += JSONValue.format(number)
    case .integer(let whole): write(whole, to: &text)
    default: text += value.description
    }
  }

  /// `2.15`, as `RowPosition.description` writes it.
  private static func write(_ position: RowPosition, to output: inout String) {
    write(position.section, to: &output)
    output += "."
    write(position.row, to: &output)
  }

  /// A whole number in decimal, without a temporary string for the usual small ones.
  @inline(__always)
  private static func write(_ number: Int, to output: inout String) {
    if number >= 0 && number < 10 {
      output.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: number) &+ 0x30))
    } else {
      output += String(number)
    }
  }

  // MARK: Stages, as the text log prints them

  /// One stage as the text log prints it: a heading that counts its operations, then one line
  /// per operation, rows named by position and id, new content with its fields.
  ///
  /// ```
  ///   stage 1: 1 section deleted, 2 rows inserted
  ///     - section 0 tableflow.status
  ///     + row 0.3 item b  title="b"  height=44
  /// ```
  public static func logLines(for stage: StageDescription) -> String {
    var out = ""
    writeLogLines(for: stage, to: &out)
    return out
  }

  /// Appends ``logLines(for:)``, straight into `output`.
  public static func writeLogLines(for stage: StageDescription, to out: inout String) {
    writeLogLines(for: stage, to: &out, spill: nil)
  }

  /// Appends ``logLines(for:)`` to `out`, handing it to `spill` whenever it has grown past
  /// the spill's limit (at a line's end).
  package static func writeLogLines(for stage: StageDescription, to out: inout String, spill: TextSpill?) {
    out += "  stage "
    write(stage.number, to: &out)
    out += ": " + tally(stage.stage) + "\n"
    func id(_ id: SectionID?) -> String { id.map { TextEscaping.token($0.rawValue) } ?? "?" }
    func id(_ id: RowID?) -> String { id.map { TextEscaping.token($0.rawValue) } ?? "?" }
    let sections = stage.sections.sorted { ($0.from ?? $0.to ?? 0) < ($1.from ?? $1.to ?? 0) }
    for change in sections where change.kind == .delete {
      out += "    - section \(change.from ?? 0) \(id(change.id))\n"
    }
    for change in sections where change.kind == .reload {
      out += "    * section \(change.from ?? 0) \(id(change.id)) reloaded\n"
    }
    for change in sections where change.kind == .move {
      out += "    > section \(change.from ?? 0) → \(change.to ?? 0) \(id(change.id))\n"
    }
    for change in stage.sections where change.kind == .update {
      out += "    = section \(change.to ?? 0) \(id(change.id))" + titleChanges(change) + "\n"
    }
    let rows = stage.rows.sorted {
      ($0.from ?? $0.to ?? RowPosition(section: 0, row: 0))
        < ($1.from ?? $1.to ?? RowPosition(section: 0, row: 0))
    }
    for change in rows where change.kind == .delete {
      out += "    - row "
      if let from = change.from { write(from, to: &out) } else { out += "?" }
      out += " "
      out += id(change.id)
      out += "\n"
      spill?.check(&out)
    }
    for change in rows where change.kind == .move {
      out += "    > row "
      if let from = change.from { write(from, to: &out) } else { out += "?" }
      out += " → "
      if let to = change.to { write(to, to: &out) } else { out += "?" }
      out += " "
      out += id(change.id)
      out += "\n"
      spill?.check(&out)
    }
    for (kind, mark) in [(RowChange.Kind.reload, "    ! row "), (.reconfigure, "    ~ row ")] {
      for change in rows where change.kind == kind {
        let position = change.from ?? RowPosition(section: 0, row: 0)
        out += mark
        if let value = change.after {
          writeLine(for: value, at: position, to: &out)
        } else {
          write(position, to: &out)
          out += " "
          out += id(change.id)
        }
        out += "\n"
        spill?.check(&out)
      }
    }
    let inserts = stage.stage.sectionInserts.sorted()
    for index in inserts {
      if let section = stage.after.section(at: index) {
        writeArriving(section, at: index, mark: "+", to: &out, spill: spill)
      }
    }
    let reloads = stage.stage.sectionReloads.sorted()
    for index in reloads {
      if let section = stage.after.section(at: index) {
        writeArriving(section, at: index, mark: "* now", to: &out, spill: spill)
      }
    }
    for change in rows where change.kind == .insert {
      if let value = change.after, let position = change.to {
        out += "    + row "
        writeLine(for: value, at: position, to: &out)
        out += "\n"
        spill?.check(&out)
      }
    }
  }

  /// `2 rows deleted, 1 inserted, 1 reconfigured`.
  public static func tally(_ stage: ChangesetStage) -> String {
    var parts: [String] = []
    func add(_ count: Int, _ noun: String, _ verb: String) {
      guard count > 0 else { return }
      parts.append("\(count) \(noun)\(count == 1 ? "" : "s") \(verb)")
    }
    add(stage.sectionDeletes.count, "section", "deleted")
    add(stage.sectionInserts.count, "section", "inserted")
    add(stage.sectionMoves.count, "section", "moved")
    add(stage.sectionReloads.count, "section", "reloaded")
    add(stage.sectionUpdates.count, "section", "updated")
    add(stage.rowDeletes.count, "row", "deleted")
    add(stage.rowInserts.count, "row", "inserted")
    add(stage.rowMoves.count, "row", "moved")
    add(stage.rowReloads.count, "row", "reloaded")
    add(stage.rowReconfigures.count, "row", "reconfigured")
    return parts.joined(separator: ", ")
  }

  /// ` header "3 issues" → "2 issues"`: each title a section update changes (`none` for no
  /// title), old → new; empty when either side is unknown.
  public static func titleChanges(_ change: SectionChange, arrow: String = "→") -> String {
    guard let before = change.before, let after = change.after else { return "" }
    func title(_ text: String?) -> String { text.map(TextEscaping.quoted) ?? "none" }
    var out = ""
    if before.header != after.header {
      out += " header \(title(before.header)) \(arrow) \(title(after.header))"
    }
    if before.footer != after.footer {
      out += " footer \(title(before.footer)) \(arrow) \(title(after.footer))"
    }
    return out
  }

  /// A section a stage inserts or reloads, with the rows it arrives with (the index is the
  /// post-stage one, as UIKit's data source sees it).
  private static func writeArriving(
    _ section: Section, at index: Int, mark: String, to out: inout String, spill: TextSpill?
  ) {
    let count = section.rows.count
    out += "    "
    out += mark
    out += " "
    writeLine(for: section, at: index, to: &out)
    out += ", "
    write(count, to: &out)
    out += count == 1 ? " row\n" : " rows\n"
    for (row, value) in section.rows.enumerated() {
      out += "        "
      writeLine(for: value, at: RowPosition(section: index, row: row), to: &out)
      out += "\n"
      spill?.check(&out)
    }
  }

  // MARK: Operations, one a line (diff)

  /// Each operation of a stage on its own line, as `tableflow diff --format text` prints
  /// them: `stage 2: move row 0.0 -> 0.4 "a"` (ids always quoted).
  public static func operationLines(for stage: StageDescription) -> [String] {
    let prefix = "stage \(stage.number): "
    func id(_ id: SectionID?) -> String { id.map { TextEscaping.quoted($0.rawValue) } ?? "?" }
    func id(_ id: RowID?) -> String { id.map { TextEscaping.quoted($0.rawValue) } ?? "?" }
    func at(_ position: RowPosition?) -> String { position.map(String.init(describing:)) ?? "?" }
    var lines: [String] = []
    for kind in [SectionChange.Kind.delete, .reload, .insert, .move, .update] {
      for change in stage.sections where change.kind == kind {
        switch kind {
        case .delete, .reload: lines.append(prefix + "\(kind) section \(change.from ?? 0) \(id(change.id))")
        case .insert: lines.append(prefix + "insert section \(change.to ?? 0) \(id(change.id))")
        case .move:
          lines.append(prefix + "move section \(change.from ?? 0) -> \(change.to ?? 0) \(id(change.id))")
        case .update:
          lines.append(
            prefix + "update section \(change.to ?? 0) \(id(change.id))"
              + titleChanges(change, arrow: "->"))
        }
      }
    }
    for kind in [RowChange.Kind.delete, .reload, .reconfigure, .insert, .move] {
      for change in stage.rows where change.kind == kind {
        switch kind {
        case .delete, .reload, .reconfigure:
          lines.append(prefix + "\(kind) row \(at(change.from)) \(id(change.id))")
        case .insert: lines.append(prefix + "insert row \(at(change.to)) \(id(change.id))")
        case .move: lines.append(prefix + "move row \(at(change.from)) -> \(at(change.to)) \(id(change.id))")
        }
      }
    }
    return lines
  }
}
