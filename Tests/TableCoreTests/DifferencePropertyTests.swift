import TestSupport
import Testing

@testable import TableCore

/// The number of moves a minimal changeset needs, computed independently of the diff: per
/// kept section, the live rows from that same section minus a longest increasing
/// subsequence of their old indexes (quadratic DP), plus every live row that changes section;
/// sections likewise.
enum MoveBound {
  static func longestIncreasing(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for index in values.indices {
      for earlier in 0..<index where values[earlier] < values[index] {
        best[index] = max(best[index], best[earlier] + 1)
      }
    }
    return best.max() ?? 0
  }

  static func isKept(_ old: Section, _ new: Section) -> Bool {
    old.style == new.style
      && !(old.isCollapsed != new.isCollapsed && old.rows.isEmpty && new.rows.isEmpty)
  }

  static func moves(from old: TableSnapshot, to new: TableSnapshot) -> (rows: Int, sections: Int) {
    var oldSections: [SectionID: (index: Int, section: Section)] = [:]
    for (index, section) in old.sections.enumerated() { oldSections[section.id] = (index, section) }
    var newSections: [SectionID: Section] = [:]
    for section in new.sections { newSections[section.id] = section }
    func kept(_ id: SectionID) -> Bool {
      guard let before = oldSections[id], let after = newSections[id] else { return false }
      return isKept(before.section, after)
    }
    let survivors = new.sections.compactMap { oldSections[$0.id]?.index }
    let sectionMoves = survivors.count - longestIncreasing(survivors)
    var oldRows: [RowID: (section: SectionID, index: Int)] = [:]
    for section in old.sections {
      for (index, row) in section.rows.enumerated() { oldRows[row.id] = (section.id, index) }
    }
    var rowMoves = 0
    for section in new.sections where kept(section.id) {
      var same: [Int] = []
      for row in section.rows {
        guard let origin = oldRows[row.id], kept(origin.section) else { continue }
        if origin.section == section.id { same.append(origin.index) } else { rowMoves += 1 }
      }
      rowMoves += same.count - longestIncreasing(same)
    }
    return (rowMoves, sectionMoves)
  }

  /// Rows whose old and new sections are both kept (live), how many of them show other
  /// content, and how many rows the kept sections hold on either side.
  static func liveRows(
    from old: TableSnapshot, to new: TableSnapshot
  ) -> (
    count: Int, changed: Int, oldInKeptSections: Int, newInKeptSections: Int
  ) {
    var oldSections: [SectionID: Section] = [:]
    for section in old.sections { oldSections[section.id] = section }
    var newSections: [SectionID: Section] = [:]
    for section in new.sections { newSections[section.id] = section }
    func kept(_ id: SectionID) -> Bool {
      guard let before = oldSections[id], let after = newSections[id] else { return false }
      return isKept(before, after)
    }
    var oldRows: [RowID: (section: SectionID, row: Row)] = [:]
    var oldInKept = 0
    for section in old.sections where kept(section.id) {
      oldInKept += section.rows.count
      for row in section.rows { oldRows[row.id] = (section.id, row) }
    }
    var count = 0
    var changed = 0
    var newInKept = 0
    for section in new.sections where kept(section.id) {
      newInKept += section.rows.count
      for row in section.rows {
        guard let origin = oldRows[row.id] else { continue }
        count += 1
        if origin.row.kind != row.kind || origin.row.model != row.model { changed += 1 }
      }
    }
    return (count, changed, oldInKept, newInKept)
  }
}

/// The properties every changeset must have, checked against the headless table and
/// bounds computed independently of the diff.
enum DiffCheck {
  /// Every stage is non-empty and valid, leaves the table as its own snapshot says, and the
  /// last one gives `new`; moves are minimal; every live row with other content is updated
  /// once, and no live row is deleted or inserted.
  static func check(_ old: TableSnapshot, _ new: TableSnapshot, seed: UInt64) {
    let changeset = new.difference(from: old)
    var table = HeadlessTable(old)
    for (index, stage) in changeset.stages.enumerated() {
      #expect(!stage.isEmpty, "seed \(seed): stage \(index) is empty")
      do {
        try table.performBatchUpdates(stage)
      } catch {
        Issue.record("seed \(seed): stage \(index) rejected: \(error)")
        return
      }
      #expect(
        table.snapshot.sections.map(\.rows) == stage.snapshot.sections.map(\.rows),
        "seed \(seed): the rows after stage \(index) are not the stage's snapshot")
    }
    #expect(table.snapshot == new, "seed \(seed): applying does not give the new snapshot")
    #expect(changeset.isEmpty == (old == new), "seed \(seed)")
    let bound = MoveBound.moves(from: old, to: new)
    #expect(changeset.rowMoveCount == bound.rows, "seed \(seed): row moves")
    #expect(changeset.sectionMoveCount == bound.sections, "seed \(seed): section moves")
    var titled: [Int] = []
    for (index, section) in new.sections.enumerated() {
      guard let before = old.sections.first(where: { $0.id == section.id }),
        MoveBound.isKept(before, section),
        before.header != section.header || before.footer != section.footer
      else { continue }
      titled.append(index)
    }
    #expect(changeset.stages.last?.sectionUpdates ?? [] == titled, "seed \(seed): section updates")
    #expect(
      changeset.stages.dropLast().allSatisfy { $0.sectionUpdates.isEmpty },
      "seed \(seed): section updates only in the last stage")
    let live = MoveBound.liveRows(from: old, to: new)
    let updates = changeset.all(\.rowReconfigures).count + changeset.all(\.rowReloads).count
    #expect(updates == live.changed, "seed \(seed): row updates")
    #expect(
      changeset.all(\.rowDeletes).count == live.oldInKeptSections - live.count,
      "seed \(seed): row deletes")
    #expect(
      changeset.all(\.rowInserts).count == live.newInKeptSections - live.count,
      "seed \(seed): row inserts")
  }
}

@Suite("difference(from:) properties")
struct DifferencePropertyTests {
  private func check(_ old: TableSnapshot, _ new: TableSnapshot, seed: UInt64) throws {
    DiffCheck.check(old, new, seed: seed)
  }

  @Test("thousands of random small pairs: every stage valid, applying gives new, minimal moves")
  func randomSmallPairs() throws {
    for seed in UInt64(0)..<4000 {
      var generator = SnapshotPairGenerator(seed: seed)
      let (old, new) = generator.pair()
      try check(old, new, seed: seed)
    }
  }

  @Test("random larger pairs with many edits")
  func randomLargePairs() throws {
    for seed in UInt64(10_000)..<10_040 {
      var generator = SnapshotPairGenerator(seed: seed)
      let (old, new) = generator.pair(maxSections: 12, maxRows: 60, maxEdits: 120)
      try check(old, new, seed: seed)
    }
  }

  @Test("long bursts of inserts, deletes and replacements that defeat the alignment window")
  func burstyEdits() throws {
    for seed in UInt64(20_000)..<20_060 {
      var random = SeededGenerator(seed: seed)
      var counter = 0
      func fresh() -> Row {
        counter += 1
        return Make.row("n\(seed)-\(counter)")
      }
      let old = (0..<400).map { Make.row("o\($0)") }
      var new = old
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let start = Int.random(in: 0..<max(new.count, 1), using: &random)
        let length = Int.random(in: 9...60, using: &random)
        let end = min(new.count, start + length)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: new.insert(contentsOf: (0..<length).map { _ in fresh() }, at: start)
        case 1: new.removeSubrange(start..<end)
        case 2: new.replaceSubrange(start..<end, with: (start..<end).map { _ in fresh() })
        default:
          let block = Array(new[start..<end])
          new.removeSubrange(start..<end)
          new.insert(contentsOf: block, at: Int.random(in: 0...new.count, using: &random))
        }
      }
      let before = TableSnapshot(uncheckedSections: [Make.section("s", old)])
      let after = TableSnapshot(uncheckedSections: [Make.section("s", new)])
      try check(before, after, seed: seed)
    }
  }
}
