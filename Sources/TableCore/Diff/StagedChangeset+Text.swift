extension StagedChangeset {
  /// The changeset as text for people: one operation a line, each naming its stage, what it
  /// does, where (`section.row`; pre-stage positions for deletes, reloads and reconfigures,
  /// post-stage ones for inserts, pre → post for moves) and the id concerned.
  ///
  /// ```
  /// stage 1: reconfigure row 0.1 "b"
  /// stage 2: delete row 0.3 "d"
  /// stage 3: move row 0.0 -> 0.4 "a"
  /// ```
  ///
  /// - Parameter old: The snapshot the changeset applies to, which names the rows of the first
  ///   stage's pre-stage positions; later stages read the previous stage's snapshot.
  /// - Returns: The lines, without newlines; none for an empty changeset.
  public func textLines(from old: TableSnapshot) -> [String] {
    var lines: [String] = []
    var before = old
    for (index, stage) in stages.enumerated() {
      let after = stage.snapshot
      let prefix = "stage \(index + 1): "
      func section(_ snapshot: TableSnapshot, _ index: Int) -> String {
        snapshot.sections.indices.contains(index) ? "\"\(snapshot.sections[index].id)\"" : "?"
      }
      func row(_ snapshot: TableSnapshot, _ position: RowPosition) -> String {
        guard snapshot.sections.indices.contains(position.section) else { return "?" }
        let rows = snapshot.sections[position.section].rows
        return rows.indices.contains(position.row) ? "\"\(rows[position.row].id)\"" : "?"
      }
      for item in stage.sectionDeletes {
        lines.append(prefix + "delete section \(item) \(section(before, item))")
      }
      for item in stage.sectionReloads {
        lines.append(prefix + "reload section \(item) \(section(before, item))")
      }
      for item in stage.sectionInserts {
        lines.append(prefix + "insert section \(item) \(section(after, item))")
      }
      for move in stage.sectionMoves {
        lines.append(prefix + "move section \(move.from) -> \(move.to) \(section(before, move.from))")
      }
      for item in stage.rowDeletes { lines.append(prefix + "delete row \(item) \(row(before, item))") }
      for item in stage.rowReloads { lines.append(prefix + "reload row \(item) \(row(before, item))") }
      for item in stage.rowReconfigures {
        lines.append(prefix + "reconfigure row \(item) \(row(before, item))")
      }
      for item in stage.rowInserts { lines.append(prefix + "insert row \(item) \(row(after, item))") }
      for move in stage.rowMoves {
        lines.append(prefix + "move row \(move.from) -> \(move.to) \(row(before, move.from))")
      }
      before = after
    }
    return lines
  }
}
