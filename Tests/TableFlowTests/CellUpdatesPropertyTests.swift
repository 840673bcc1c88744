import TableCore
import TestSupport
import Testing

@testable import TableFlow

@Suite("Cell updates")
struct CellUpdatesPropertyTests {
  /// The cell events as every row marked by id computes them: what the shortcut for whole
  /// sections inserted by the last stage must agree with.
  private static func reference(
    presenting snapshot: TableSnapshot, before: TableSnapshot, changeset: StagedChangeset
  ) -> [CellUpdates.Cell] {
    var marks: [RowID: CellUpdates.Kind] = [:]
    var previous = before
    for stage in changeset.stages {
      let after = stage.snapshot
      for section in stage.sectionInserts + stage.sectionReloads
      where after.sections.indices.contains(section) {
        for row in after.sections[section].rows { marks[row.id] = .willDisplay }
      }
      for position in stage.rowInserts where after.sections.indices.contains(position.section) {
        marks[after.sections[position.section].rows[position.row].id] = .willDisplay
      }
      for position in stage.rowReloads where previous.sections.indices.contains(position.section) {
        marks[previous.sections[position.section].rows[position.row].id] = .willDisplay
      }
      for position in stage.rowReconfigures where previous.sections.indices.contains(position.section) {
        let id = previous.sections[position.section].rows[position.row].id
        if marks[id] == nil { marks[id] = .didUpdate }
      }
      previous = after
    }
    var cells: [CellUpdates.Cell] = []
    for (sectionIndex, section) in snapshot.sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() {
        guard let kind = marks[row.id] else { continue }
        cells.append(
          CellUpdates.Cell(
            kind: kind, row: row.id, cellKind: row.kind,
            position: RowPosition(section: sectionIndex, row: rowIndex)))
      }
    }
    return cells
  }

  private static func row(_ id: String, kind: String, text: String) -> Row {
    Row(
      id: RowID(id), kind: CellKind(kind), model: FieldsModel(fields: [Field("t", .text(text))], height: 44))
  }

  /// A table of up to 4 sections drawn from 6, rows drawn (each at most once) from 24: kept
  /// from `old` as they were, with new content, of another kind, or new.
  private static func table(
    from old: TableSnapshot?, using random: inout SeededGenerator
  ) -> TableSnapshot {
    var oldRows: [RowID: Row] = [:]
    for section in old?.sections ?? [] { for row in section.rows { oldRows[row.id] = row } }
    var ids = (0..<24).map { "r\($0)" }.shuffled(using: &random)
    let sectionIDs = (0..<6).map { "s\($0)" }.shuffled(using: &random)
    var sections: [Section] = []
    for sectionID in sectionIDs.prefix(Int.random(in: 0...4, using: &random)) {
      var rows: [Row] = []
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        guard let id = ids.popLast() else { break }
        let kind = Int.random(in: 0..<6, using: &random) == 0 ? "b" : "a"
        if let kept = oldRows[RowID(id)], Int.random(in: 0..<3, using: &random) > 0 {
          rows.append(kept)
        } else {
          rows.append(row(id, kind: kind, text: "\(Int.random(in: 0..<2, using: &random))"))
        }
      }
      sections.append(Section(id: SectionID(sectionID), rows: rows))
    }
    return TableSnapshot(uncheckedSections: sections)
  }

  @Test("equal every row marked by id, for random tables (300 seeds)", arguments: 0..<300)
  func equalsMarkingEveryRow(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    var before = Self.table(from: nil, using: &random)
    for step in 0..<6 {
      let next = Self.table(from: before, using: &random)
      let changeset = next.difference(from: before)
      let cells = CellUpdates.cells(presenting: next, before: before, changeset: changeset, reloaded: false)
      #expect(
        cells == Self.reference(presenting: next, before: before, changeset: changeset),
        "seed \(seed), step \(step)")
      before = next
    }
  }
}
