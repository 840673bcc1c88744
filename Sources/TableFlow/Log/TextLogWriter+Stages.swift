import TableCore

extension TextLogWriter {
  /// One stage: a heading that counts its operations, then one line per operation, rows
  /// named by position and id, new content with its fields.
  static func describe(_ stage: ChangesetStage, number: Int, before: TableSnapshot) -> String {
    let after = stage.snapshot
    var out = "  stage \(number): " + tally(stage) + "\n"
    func rowID(_ position: RowPosition, in snapshot: TableSnapshot) -> String {
      guard snapshot.sections.indices.contains(position.section),
        snapshot.sections[position.section].rows.indices.contains(position.row)
      else { return "?" }
      return snapshot.sections[position.section].rows[position.row].id.rawValue
    }
    func sectionID(_ index: Int, in snapshot: TableSnapshot) -> String {
      snapshot.sections.indices.contains(index) ? snapshot.sections[index].id.rawValue : "?"
    }
    func row(at position: RowPosition, in snapshot: TableSnapshot) -> Row? {
      guard snapshot.sections.indices.contains(position.section),
        snapshot.sections[position.section].rows.indices.contains(position.row)
      else { return nil }
      return snapshot.sections[position.section].rows[position.row]
    }
    lazy var afterPositions: [RowID: RowPosition] = {
      var positions: [RowID: RowPosition] = [:]
      for (s, section) in after.sections.enumerated() {
        for (r, row) in section.rows.enumerated() { positions[row.id] = RowPosition(section: s, row: r) }
      }
      return positions
    }()

    for index in stage.sectionDeletes.sorted() {
      out += "    - section \(index) \(sectionID(index, in: before))\n"
    }
    for index in stage.sectionReloads.sorted() {
      out += "    * section \(index) \(sectionID(index, in: before)) reloaded\n"
    }
    for move in stage.sectionMoves.sorted(by: { $0.from < $1.from }) {
      out += "    > section \(move.from) → \(move.to) \(sectionID(move.from, in: before))\n"
    }
    for position in stage.rowDeletes.sorted() {
      out += "    - row \(position) \(rowID(position, in: before))\n"
    }
    for move in stage.rowMoves.sorted(by: { $0.from < $1.from }) {
      out += "    > row \(move.from) → \(move.to) \(rowID(move.from, in: before))\n"
    }
    for (mark, positions) in [("!", stage.rowReloads), ("~", stage.rowReconfigures)] {
      for position in positions.sorted() {
        let id = rowID(position, in: before)
        if let now = afterPositions[RowID(id)], let value = row(at: now, in: after) {
          out += "    \(mark) row " + describe(value, at: position) + "\n"
        } else {
          out += "    \(mark) row \(position) \(id)\n"
        }
      }
    }
    for index in stage.sectionInserts.sorted() where after.sections.indices.contains(index) {
      out += arrivingSection(after.sections[index], at: index, mark: "+")
    }
    for index in stage.sectionReloads.sorted() where after.sections.indices.contains(index) {
      out += arrivingSection(after.sections[index], at: index, mark: "* now")
    }
    for position in stage.rowInserts.sorted() {
      if let value = row(at: position, in: after) {
        out += "    + row " + describe(value, at: position) + "\n"
      }
    }
    return out
  }

  /// `2 rows deleted, 1 inserted, 1 reconfigured`.
  static func tally(_ stage: ChangesetStage) -> String {
    var parts: [String] = []
    func add(_ count: Int, _ noun: String, _ verb: String) {
      guard count > 0 else { return }
      parts.append("\(count) \(noun)\(count == 1 ? "" : "s") \(verb)")
    }
    add(stage.sectionDeletes.count, "section", "deleted")
    add(stage.sectionInserts.count, "section", "inserted")
    add(stage.sectionMoves.count, "section", "moved")
    add(stage.sectionReloads.count, "section", "reloaded")
    add(stage.rowDeletes.count, "row", "deleted")
    add(stage.rowInserts.count, "row", "inserted")
    add(stage.rowMoves.count, "row", "moved")
    add(stage.rowReloads.count, "row", "reloaded")
    add(stage.rowReconfigures.count, "row", "reconfigured")
    return parts.joined(separator: ", ")
  }

  /// A section a stage inserts or reloads, with the rows it arrives with.
  private static func arrivingSection(_ section: Section, at index: Int, mark: String) -> String {
    let count = section.rows.count
    var out = "    \(mark) " + describe(section, at: index) + ", \(count) row\(count == 1 ? "" : "s")\n"
    for (row, value) in section.rows.enumerated() {
      out += "        " + describe(value, at: RowPosition(section: index, row: row)) + "\n"
    }
    return out
  }
}
