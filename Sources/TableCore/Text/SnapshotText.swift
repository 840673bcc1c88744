/// The one text rendering of snapshots and changesets, shared by the text snapshot log and
/// `tableflow diff --format text`.
///
/// Every string that comes from data — ids, kinds, titles, field values — goes through
/// ``TextEscaping``, so a line always stays one line.
public enum SnapshotText {
  /// `3 sections, 121 rows`.
  public static func counts(_ snapshot: TableSnapshot) -> String {
    let sections = snapshot.sections.count
    let rows = snapshot.rowCount
    return "\(sections) section\(sections == 1 ? "" : "s"), \(rows) row\(rows == 1 ? "" : "s")"
  }

  /// A whole snapshot: per section a line, then one indented line per row, each ending in a
  /// newline and indented by two spaces.
  public static func lines(for snapshot: TableSnapshot) -> String {
    var out = ""
    for (index, section) in snapshot.sections.enumerated() {
      out += "  " + line(for: section, at: index) + "\n"
      for (row, value) in section.rows.enumerated() {
        out += "    " + line(for: value, at: RowPosition(section: index, row: row)) + "\n"
      }
    }
    return out
  }

  /// `section 0 wish "想读" [dynamic] footer="共 90 本"`.
  public static func line(for section: Section, at index: Int) -> String {
    var text = "section \(index) " + TextEscaping.token(section.id.rawValue)
    if let header = section.header { text += " " + TextEscaping.quoted(header) }
    var flags = [section.style.rawValue]
    if section.isCollapsed { flags.append("collapsed") }
    text += " [\(flags.joined(separator: ", "))]"
    if let footer = section.footer { text += " footer=" + TextEscaping.quoted(footer) }
    return text
  }

  /// `0.0 bookInfo book-1  title="江湖散步" rating=6.7  height=108`.
  public static func line(for row: Row, at position: RowPosition) -> String {
    var text =
      "\(position) " + TextEscaping.token(row.kind.rawValue) + " " + TextEscaping.token(row.id.rawValue) + " "
    for field in row.fields {
      text += " "
      text += TextEscaping.token(field.name)
      text += "="
      write(field.value, to: &text)
    }
    text += "  height="
    text += JSONValue.format(row.height)
    return text
  }

  /// A field value: text quoted and escaped, numbers as JSON writes them.
  public static func write(_ value: FieldValue, to text: inout String) {
    switch value {
    case .text(let string): TextEscaping.writeQuoted(string, to: &text)  // straight into the line
    case .number(let number): text += JSONValue.format(number)
    default: text += value.description
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
    var out = "  stage \(stage.number): " + tally(stage.stage) + "\n"
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
      out += "    - row \(change.from.map(String.init(describing:)) ?? "?") \(id(change.id))\n"
    }
    for change in rows where change.kind == .move {
      out +=
        "    > row \(change.from.map(String.init(describing:)) ?? "?") → \(change.to.map(String.init(describing:)) ?? "?") \(id(change.id))\n"
    }
    for (kind, mark) in [(RowChange.Kind.reload, "!"), (.reconfigure, "~")] {
      for change in rows where change.kind == kind {
        let position = change.from ?? RowPosition(section: 0, row: 0)
        if let value = change.after {
          out += "    \(mark) row " + line(for: value, at: position) + "\n"
        } else {
          out += "    \(mark) row \(position) \(id(change.id))\n"
        }
      }
    }
    let inserts = stage.stage.sectionInserts.sorted()
    for index in inserts {
      if let section = stage.after.section(at: index) { out += arriving(section, at: index, mark: "+") }
    }
    let reloads = stage.stage.sectionReloads.sorted()
    for index in reloads {
      if let section = stage.after.section(at: index) { out += arriving(section, at: index, mark: "* now") }
    }
    for change in rows where change.kind == .insert {
      if let value = change.after, let position = change.to {
        out += "    + row " + line(for: value, at: position) + "\n"
      }
    }
    return out
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
  private static func arriving(_ section: Section, at index: Int, mark: String) -> String {
    let count = section.rows.count
    var out = "    \(mark) " + line(for: section, at: index) + ", \(count) row\(count == 1 ? "" : "s")\n"
    for (row, value) in section.rows.enumerated() {
      out += "        " + line(for: value, at: RowPosition(section: index, row: row)) + "\n"
    }
    return out
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
