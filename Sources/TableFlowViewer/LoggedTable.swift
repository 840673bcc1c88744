import TableCore

/// A table as a text log shows it: sections and rows with their fields as printed. The review
/// page draws a golden log's tables from these, beside the new session's real snapshots.
struct LoggedTable: Hashable, Sendable {
  /// A row: cell kind, id, height and fields, each value as the session page holds it.
  struct Row: Hashable, Sendable {
    var kind: String
    var id: String
    var height: Double
    var fields: [Field]
  }

  /// One `name=value` of a row.
  struct Field: Hashable, Sendable {
    var name: String
    var value: JSONValue
  }

  /// A section: its line's parts and its rows.
  struct Section: Hashable, Sendable {
    var id: String
    var header: String?
    var footer: String?
    var style: String
    var isCollapsed: Bool
    var rows: [Row] = []
  }

  /// A section position and a row position in it.
  struct Position: Hashable, Sendable {
    var section: Int
    var row: Int
  }

  /// One stage of changes as the log prints it, with UIKit's index rules: deletes and
  /// replacements at the indexes before the stage, inserts at those after it, moves from
  /// before to after, title updates after.
  struct Stage: Sendable {
    var sectionDeletes: Set<Int> = []
    var sectionMoves: [(from: Int, to: Int)] = []
    var sectionInserts: [Int: Section] = [:]
    var sectionReloads: [Int: Section] = [:]
    var sectionTitles: [(index: Int, header: String??, footer: String??)] = []
    var rowDeletes: Set<Position> = []
    var rowMoves: [(from: Position, to: Position)] = []
    var rowInserts: [Position: Row] = [:]
    /// Rows reloaded or reconfigured, with their new content.
    var rowReplacements: [Position: Row] = [:]
  }

  var sections: [Section]

  /// The table after `stage`, or `nil` when the stage does not fit this table (an index out of
  /// range, two changes for one slot): the log then cannot be drawn from here on.
  func applying(_ stage: Stage) -> LoggedTable? {
    let old = sections
    let count = old.count - stage.sectionDeletes.count + stage.sectionInserts.count
    guard count >= 0, stage.sectionDeletes.allSatisfy(old.indices.contains),
      stage.rowDeletes.allSatisfy({
        old.indices.contains($0.section) && old[$0.section].rows.indices.contains($0.row)
      })
    else { return nil }
    // Where each new section comes from: an old index, or an inserted section.
    var origin: [Int?] = Array(repeating: nil, count: count)
    var arriving: [Int: Section] = [:]
    var movedAway: Set<Int> = []
    for move in stage.sectionMoves {
      guard old.indices.contains(move.from), origin.indices.contains(move.to), origin[move.to] == nil else {
        return nil
      }
      origin[move.to] = move.from
      movedAway.insert(move.from)
    }
    for (index, section) in stage.sectionInserts {
      guard origin.indices.contains(index), origin[index] == nil, arriving[index] == nil else { return nil }
      arriving[index] = section
    }
    var staying = old.indices.filter { !stage.sectionDeletes.contains($0) && !movedAway.contains($0) }[...]
    for index in origin.indices where origin[index] == nil && arriving[index] == nil {
      guard let next = staying.popFirst() else { return nil }
      origin[index] = next
    }
    guard staying.isEmpty else { return nil }
    var oldIndexOfNew: [Int: Int] = [:]
    for (index, from) in origin.enumerated() { if let from { oldIndexOfNew[index] = from } }
    var result: [Section] = []
    for index in 0..<count {
      if let section = arriving[index] {
        result.append(section)
      } else if let from = oldIndexOfNew[index] {
        if let reloaded = stage.sectionReloads[from] {
          result.append(reloaded)
        } else {
          guard let rows = rows(ofNew: index, from: from, stage) else { return nil }
          var section = old[from]
          section.rows = rows
          result.append(section)
        }
      }
    }
    for title in stage.sectionTitles {
      guard result.indices.contains(title.index) else { return nil }
      if let header = title.header { result[title.index].header = header }
      if let footer = title.footer { result[title.index].footer = footer }
    }
    return LoggedTable(sections: result)
  }

  /// The rows of the new section at `index`, which was the old section `from`.
  private func rows(ofNew index: Int, from: Int, _ stage: Stage) -> [Row]? {
    let oldRows = sections[from].rows
    var fixed: [Int: Row] = [:]
    for move in stage.rowMoves where move.to.section == index {
      guard let row = row(at: move.from, stage), fixed[move.to.row] == nil else { return nil }
      fixed[move.to.row] = row
    }
    for (position, row) in stage.rowInserts where position.section == index {
      guard fixed[position.row] == nil else { return nil }
      fixed[position.row] = row
    }
    let movedAway = Set(stage.rowMoves.map(\.from))
    var staying = oldRows.indices.filter {
      let position = Position(section: from, row: $0)
      return !stage.rowDeletes.contains(position) && !movedAway.contains(position)
    }[...]
    var rows: [Row] = []
    for slot in 0..<(fixed.count + staying.count) {
      if let row = fixed[slot] {
        rows.append(row)
      } else if let next = staying.popFirst(), let row = row(at: Position(section: from, row: next), stage) {
        rows.append(row)
      } else {
        return nil
      }
    }
    return rows
  }

  /// The row at an old position, with its new content when the stage replaces it.
  private func row(at position: Position, _ stage: Stage) -> Row? {
    if let replaced = stage.rowReplacements[position] { return replaced }
    guard sections.indices.contains(position.section),
      sections[position.section].rows.indices.contains(position.row)
    else { return nil }
    return sections[position.section].rows[position.row]
  }
}
