/// The row operations of one batch update, checked against the sections before and after it.
struct RowOperations {
  private typealias Action = BatchUpdate.Action

  private let update: BatchUpdate
  /// Per section before the update: what happens to each row (empty when nothing does).
  private var actions: [[Action]]
  private var deleted: [Int]
  private var movedOut: [Int]
  /// Per section after the update: rows inserted, and rows moved in with their origin.
  private var inserted: [[Int]]
  private var movedIn: [[(row: Int, from: RowPosition)]]

  init(update: BatchUpdate) throws(BatchUpdateError) {
    self.update = update
    let before = update.current.count
    let after = update.target.count
    actions = [[Action]](repeating: [], count: before)
    deleted = [Int](repeating: 0, count: before)
    movedOut = [Int](repeating: 0, count: before)
    inserted = [[Int]](repeating: [], count: after)
    movedIn = [[(row: Int, from: RowPosition)]](repeating: [], count: after)
    let stage = update.stage
    for position in stage.rowDeletes {
      try mark(position, .delete)
      deleted[position.section] += 1
    }
    for position in stage.rowReloads { try mark(position, .reload) }
    for position in stage.rowReconfigures { try mark(position, .reconfigure) }
    for move in stage.rowMoves {
      try mark(move.from, .move)
      try checkDestination(
        move.to,
        verb: "move row \(move.from.row) of section "
          + "\(move.from.section) to")
      movedOut[move.from.section] += 1
      movedIn[move.to.section].append((move.to.row, move.from))
    }
    for position in stage.rowInserts {
      try checkDestination(position, verb: "insert")
      inserted[position.section].append(position.row)
    }
  }

  private mutating func mark(_ position: RowPosition, _ action: Action) throws(BatchUpdateError) {
    let (section, row) = (position.section, position.row)
    let sections = update.current
    guard section >= 0 && section < sections.count else {
      throw BatchUpdateError(
        "attempt to \(action.verb) row \(row) from section \(section), but there are only "
          + "\(sections.count) sections before the update")
    }
    let sectionAction = update.sectionActions[section]
    guard sectionAction != .delete && sectionAction != .reload else {
      throw BatchUpdateError(
        "attempt to \(action.verb) row \(row) from section \(section), which the same update "
          + "\(sectionAction.verb)s")
    }
    let count = sections[section].rows.count
    guard row >= 0 && row < count else {
      throw BatchUpdateError(
        "attempt to \(action.verb) row \(row) from section \(section) which only contains "
          + "\(count) rows before the update")
    }
    if actions[section].isEmpty { actions[section] = [Action](repeating: .none, count: count) }
    let previous = actions[section][row]
    guard previous == .none else {
      throw BatchUpdateError(
        "attempt to \(action.verb) row \(row) of section \(section), which the same update "
          + "also \(previous.verb)s")
    }
    actions[section][row] = action
  }

  private func checkDestination(_ position: RowPosition, verb: String) throws(BatchUpdateError) {
    let (section, row) = (position.section, position.row)
    guard section >= 0 && section < update.target.count else {
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), but there are only "
          + "\(update.target.count) sections after the update")
    }
    guard !update.isFresh[section] else {
      let how = update.sources[section] < 0 ? "inserts" : "reloads"
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), which the same update \(how)")
    }
  }

  /// The rows of the section at `index` after the update, which continues the section at
  /// `source` before it.
  func section(at index: Int, continuing source: Int) throws(BatchUpdateError) -> Section {
    let previous = update.current[source]
    let wanted = update.target[index]
    let (inserts, movesIn) = (inserted[index], movedIn[index])
    let expected =
      previous.rows.count - deleted[source] - movedOut[source] + inserts.count + movesIn.count
    guard expected == wanted.rows.count else {
      throw BatchUpdateError(
        "invalid number of rows in section \(index). The number of rows contained in an "
          + "existing section after the update (\(wanted.rows.count)) must be equal to the "
          + "number of rows contained in that section before the update "
          + "(\(previous.rows.count)), plus or minus the number of rows inserted or deleted "
          + "from that section (\(inserts.count) inserted, \(deleted[source]) deleted) and "
          + "plus or minus the number of rows moved into or out of that section "
          + "(\(movesIn.count) moved in, \(movedOut[source]) moved out).")
    }
    var rows = previous.rows
    if inserts.isEmpty && movesIn.isEmpty && deleted[source] == 0 && movedOut[source] == 0 {
      // Only reloads and reconfigures (or nothing): every row keeps its place.
      if !actions[source].isEmpty {
        try refresh(&rows, actions: actions[source], wanted: wanted.rows, section: index)
      }
    } else if inserts.isEmpty && movesIn.isEmpty {
      // Rows only leave: the others close up, in order.
      rows = try remainingRows(
        previous.rows, actions: actions[source], wanted: wanted.rows, section: index)
    } else {
      rows = try placedRows(
        previous.rows, actions: actions[source], wanted: wanted.rows, section: index)
    }
    guard !wanted.isCollapsed || rows.isEmpty else {
      throw BatchUpdateError(
        "section \(index) is collapsed in the data source but still has \(rows.count) rows "
          + "after the update")
    }
    return Section(
      id: previous.id, header: previous.header, footer: previous.footer, style: previous.style,
      isCollapsed: wanted.isCollapsed, rows: rows)
  }

  /// Reloaded and reconfigured rows read from the data source, in place: what
  /// ``placedRows(_:actions:wanted:section:)`` does when no row arrives, leaves or moves.
  private func refresh(
    _ rows: inout [Row], actions: [Action], wanted: [Row], section: Int
  ) throws(BatchUpdateError) {
    for (index, action) in actions.enumerated() where action != .none {
      rows[index] = try refreshed(
        rows[index], by: wanted[index], action: action, at: index, oldIndex: index, section: section)
    }
  }

  /// The rows that neither leave nor move out, in order; reloaded and reconfigured ones read
  /// from the data source: what ``placedRows(_:actions:wanted:section:)`` does when no row
  /// arrives.
  private func remainingRows(
    _ rows: [Row], actions: [Action], wanted: [Row], section: Int
  ) throws(BatchUpdateError) -> [Row] {
    var result: [Row] = []
    result.reserveCapacity(wanted.count)
    for (index, row) in rows.enumerated() {
      let action = actions[index]
      guard action == .none || action == .reload || action == .reconfigure else { continue }
      guard action != .none else {
        result.append(row)
        continue
      }
      let slot = result.count
      let fresh = wanted[slot]
      guard fresh.id == row.id else {
        throw BatchUpdateError(
          "row \(slot) of section \(section) is \"\(row.id)\" (\(action.verb)ed) after the "
            + "update but the data source has \"\(fresh.id)\"")
      }
      guard action == .reload || fresh.kind == row.kind else {
        throw BatchUpdateError(
          "attempt to reconfigure row \(index) of section \(update.sources[section]) whose cell "
            + "kind changes from \"\(row.kind)\" to \"\(fresh.kind)\"; reload it instead")
      }
      result.append(fresh)
    }
    return result
  }

  /// Inserted and moved rows at their destinations; the remaining rows, in their order, in
  /// the slots left; reloaded and reconfigured ones read from the data source.
  private func placedRows(
    _ rows: [Row], actions: [Action], wanted: [Row], section: Int
  ) throws(BatchUpdateError) -> [Row] {
    var slots = [Row?](repeating: nil, count: wanted.count)
    for row in inserted[section] {
      try checkSlot(row, in: section, of: slots, verb: "insert")
      slots[row] = wanted[row]
    }
    for (row, from) in movedIn[section] {
      try checkSlot(row, in: section, of: slots, verb: "move a row to")
      slots[row] = update.current[from.section].rows[from.row]
    }
    var slot = 0
    for (index, row) in rows.enumerated() {
      let action = actions.isEmpty ? Action.none : actions[index]
      guard action == .none || action == .reload || action == .reconfigure else { continue }
      while slots[slot] != nil { slot += 1 }
      guard action != .none else {
        slots[slot] = row
        continue
      }
      slots[slot] = try refreshed(
        row, by: wanted[slot], action: action, at: slot, oldIndex: index, section: section)
    }
    return slots.compactMap { $0 }
  }

  /// The data source's `fresh` row for a reloaded or reconfigured `row` now at `index` (it was
  /// at `oldIndex` before the update), checked under UIKit's rules: same id, and the same kind
  /// unless reloaded.
  private func refreshed(
    _ row: Row, by fresh: Row, action: Action, at index: Int, oldIndex: Int, section: Int
  ) throws(BatchUpdateError) -> Row {
    guard fresh.id == row.id else {
      throw BatchUpdateError(
        "row \(index) of section \(section) is \"\(row.id)\" (\(action.verb)ed) after the "
          + "update but the data source has \"\(fresh.id)\"")
    }
    guard action == .reload || fresh.kind == row.kind else {
      throw BatchUpdateError(
        "attempt to reconfigure row \(oldIndex) of section \(update.sources[section]) whose cell "
          + "kind changes from \"\(row.kind)\" to \"\(fresh.kind)\"; reload it instead")
    }
    return fresh
  }

  private func checkSlot(
    _ row: Int, in section: Int, of slots: [Row?], verb: String
  )
    throws(BatchUpdateError)
  {
    guard row >= 0 && row < slots.count else {
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), but there are only "
          + "\(slots.count) rows in section \(section) after the update")
    }
    guard slots[row] == nil else {
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), which the same update also "
          + "inserts or moves another row to")
    }
  }
}
