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
  /// Per section before the update: the lowest and highest row an operation names.
  private var oldTouched: [(low: Int, high: Int)?]
  /// Per section after the update: the lowest and highest row an insert or move names.
  private var newTouched: [(low: Int, high: Int)?]

  init(update: BatchUpdate) throws(BatchUpdateError) {
    self.update = update
    let before = update.current.count
    let after = update.target.count
    actions = [[Action]](repeating: [], count: before)
    deleted = [Int](repeating: 0, count: before)
    movedOut = [Int](repeating: 0, count: before)
    inserted = [[Int]](repeating: [], count: after)
    movedIn = [[(row: Int, from: RowPosition)]](repeating: [], count: after)
    oldTouched = [(low: Int, high: Int)?](repeating: nil, count: before)
    newTouched = [(low: Int, high: Int)?](repeating: nil, count: after)
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
      Self.touch(&newTouched, move.to)
    }
    for position in stage.rowInserts {
      try checkDestination(position, verb: "insert")
      inserted[position.section].append(position.row)
      Self.touch(&newTouched, position)
    }
  }

  /// Widens the span of rows touched in `position`'s section to include it.
  private static func touch(_ spans: inout [(low: Int, high: Int)?], _ position: RowPosition) {
    let row = position.row
    if let span = spans[position.section] {
      spans[position.section] = (Swift.min(span.low, row), Swift.max(span.high, row))
    } else {
      spans[position.section] = (row, row)
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
    Self.touch(&oldTouched, position)
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
    let rows = try placedRows(
      previous.rows, actions: actions[source], wanted: wanted.rows, section: index, source: source)
    guard !wanted.isCollapsed || rows.isEmpty else {
      throw BatchUpdateError(
        "section \(index) is collapsed in the data source but still has \(rows.count) rows "
          + "after the update")
    }
    return Section(
      id: previous.id, header: previous.header, footer: previous.footer, style: previous.style,
      isCollapsed: wanted.isCollapsed, rows: rows)
  }

  /// The rows after the update, checked against the data source's `wanted` rows as UIKit's
  /// next layout pass would (same ids, in order): inserted and moved rows at their
  /// destinations; the remaining rows, in their order, in the slots left; reloaded and
  /// reconfigured ones read from the data source.
  ///
  /// Only the rows between the first and the last row an operation names (before and after
  /// the update) are placed one by one. The rows before them stay where they are, and so do
  /// the rows after them (counted from the end: the row counts add up), so both ends are
  /// checked by comparing their references with the data source's, a block of memory each,
  /// falling back to comparing ids when they are other row values. When every row is the
  /// data source's own, the result is the data source's array itself.
  /// - Complexity: O(rows the operations name and rows between them), plus one comparison of
  ///   references per row outside them.
  private func placedRows(
    _ rows: [Row], actions: [Action], wanted: [Row], section: Int, source: Int
  ) throws(BatchUpdateError) -> [Row] {
    let (prefix, suffix) = untouchedEnds(source: source, section: section, old: rows.count, new: wanted.count)
    let window = prefix..<(wanted.count - suffix)
    let oldWindow = prefix..<(rows.count - suffix)
    var slots = [Row?](repeating: nil, count: window.count)
    for row in inserted[section] {
      try checkSlot(row, in: section, of: slots, offset: prefix, count: wanted.count, verb: "insert")
      slots[row - prefix] = wanted[row]
    }
    for (row, from) in movedIn[section] {
      try checkSlot(row, in: section, of: slots, offset: prefix, count: wanted.count, verb: "move a row to")
      slots[row - prefix] = update.current[from.section].rows[from.row]
    }
    var slot = 0
    for index in oldWindow {
      let action = actions.isEmpty ? Action.none : actions[index]
      guard action == .none || action == .reload || action == .reconfigure else { continue }
      while slots[slot] != nil { slot += 1 }
      guard action != .none else {
        slots[slot] = rows[index]
        continue
      }
      slots[slot] = try refreshed(
        rows[index], by: wanted[slot + prefix], action: action, at: slot + prefix, oldIndex: index,
        section: section)
    }
    // UIKit's next layout pass, in row order: the table must now hold the data source's ids.
    let prefixShared = try Self.check(rows, prefix: prefix, against: wanted, section: section)
    var middleShared = true
    for (offset, row) in slots.enumerated() {
      guard let row else { continue }  // not reached: the row counts add up
      let wantedRow = wanted[prefix + offset]
      guard row.isSameRow(as: wantedRow) else {
        middleShared = false
        guard row.hasSameID(as: wantedRow) else {
          throw Self.mismatch(row, wantedRow, prefix + offset, section)
        }
        continue
      }
    }
    let suffixShared = try Self.check(
      rows, suffix: suffix, against: wanted, section: section)
    if prefixShared && middleShared && suffixShared { return wanted }
    var result: [Row] = []
    result.reserveCapacity(wanted.count)
    result.append(contentsOf: rows[..<prefix])
    result.append(contentsOf: slots.lazy.compactMap { $0 })
    result.append(contentsOf: rows[(rows.count - suffix)...])
    return result
  }

  /// How many rows at the start and at the end of the section no operation names, before the
  /// update (`old` rows) and after it (`new` rows); together no more than the shorter count.
  private func untouchedEnds(source: Int, section: Int, old: Int, new: Int) -> (prefix: Int, suffix: Int) {
    var prefix = Swift.min(old, new)
    var suffix = prefix
    for (span, count) in [(oldTouched[source], old), (newTouched[section], new)] {
      guard let span else { continue }
      prefix = Swift.min(prefix, Swift.max(span.low, 0))
      suffix = Swift.min(suffix, Swift.max(count - 1 - span.high, 0))
    }
    return (prefix, Swift.min(suffix, Swift.min(old, new) - prefix))
  }

  /// Checks that the first `prefix` rows of `rows` have the ids of `wanted`'s; whether they
  /// are the very same rows.
  private static func check(
    _ rows: [Row], prefix: Int, against wanted: [Row], section: Int
  ) throws(BatchUpdateError) -> Bool {
    if Row.areSameRows(rows[..<prefix], wanted[..<prefix]) { return true }
    for index in 0..<prefix where !rows[index].hasSameID(as: wanted[index]) {
      throw mismatch(rows[index], wanted[index], index, section)
    }
    return false
  }

  /// Checks that the last `suffix` rows of `rows` have the ids of `wanted`'s last ones;
  /// whether they are the very same rows.
  private static func check(
    _ rows: [Row], suffix: Int, against wanted: [Row], section: Int
  ) throws(BatchUpdateError) -> Bool {
    let (old, new) = (rows.count - suffix, wanted.count - suffix)
    if Row.areSameRows(rows[old...], wanted[new...]) { return true }
    for offset in 0..<suffix where !rows[old + offset].hasSameID(as: wanted[new + offset]) {
      throw mismatch(rows[old + offset], wanted[new + offset], new + offset, section)
    }
    return false
  }

  private static func mismatch(_ shown: Row, _ wanted: Row, _ row: Int, _ section: Int) -> BatchUpdateError {
    BatchUpdateError(
      "row \(row) of section \(section) is \"\(shown.id)\" after the update but the data source "
        + "has \"\(wanted.id)\"")
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
    _ row: Int, in section: Int, of slots: [Row?], offset: Int, count: Int, verb: String
  ) throws(BatchUpdateError) {
    guard row >= 0 && row < count else {
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), but there are only "
          + "\(count) rows in section \(section) after the update")
    }
    guard slots[row - offset] == nil else {
      throw BatchUpdateError(
        "attempt to \(verb) row \(row) of section \(section), which the same update also "
          + "inserts or moves another row to")
    }
  }
}
