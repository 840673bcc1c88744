import TestSupport
import Testing

@testable import TableCore

/// Property tests aimed at the diff's trimming of the common prefix and suffix (of each
/// section's rows, and of the section list): edits at the very edges, nothing changed, and
/// moves that cross the boundary between the trimmed rows and the window.
@Suite("difference(from:) trimming properties")
struct DifferenceTrimmingPropertyTests {
  /// Row ids `prefix0`… in one section, plus fresh rows made on demand.
  private struct Rows {
    var random: SeededGenerator
    var counter = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func fresh() -> Row {
      counter += 1
      return Make.row("n\(counter)")
    }

    mutating func index(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }

    /// A row with the same id and kind as `row` and other content (or another kind).
    mutating func changed(_ row: Row) -> Row {
      Make.row(
        row.id.rawValue, kind: index(0..<4) == 0 ? "other" : row.kind.rawValue,
        text: "changed \(index(0..<1000))")
    }
  }

  /// One edit near an edge of `rows`: within `reach` rows of the start or the end.
  private func edgeEdit(_ rows: inout [Row], reach: Int, using source: inout Rows) {
    let nearStart = source.index(0..<2) == 0
    func near(_ count: Int) -> Int {
      guard count > 0 else { return 0 }
      let offset = source.index(0..<min(reach, count))
      return nearStart ? offset : count - 1 - offset
    }
    switch source.index(0..<6) {
    case 0:
      let offset = source.index(0..<min(reach, rows.count + 1))
      rows.insert(source.fresh(), at: nearStart ? offset : rows.count - offset)
    case 1: if !rows.isEmpty { rows.remove(at: near(rows.count)) }
    case 2:
      if !rows.isEmpty {
        let index = near(rows.count)
        rows[index] = source.changed(rows[index])
      }
    case 3:
      // From an edge to anywhere: across the trimmed boundary.
      if rows.count > 1 {
        let moved = rows.remove(at: near(rows.count))
        rows.insert(moved, at: source.index(0..<rows.count + 1))
      }
    case 4:
      // From anywhere to an edge.
      if rows.count > 1 {
        let moved = rows.remove(at: source.index(0..<rows.count))
        rows.insert(moved, at: nearStart ? 0 : rows.count)
      }
    default:
      // Swap a row near the start with one near the end.
      if rows.count > 1 {
        let first = source.index(0..<min(reach, rows.count))
        let last = rows.count - 1 - source.index(0..<min(reach, rows.count))
        rows.swapAt(first, last)
      }
    }
  }

  @Test("edits only at the very start or end of a section")
  func edgeEdits() {
    for seed in UInt64(30_000)..<30_600 {
      var source = Rows(seed: seed)
      let count = source.index(0..<40)
      let old = (0..<count).map { Make.row("r\($0)") }
      var new = old
      for _ in 0..<source.index(1..<4) { edgeEdit(&new, reach: 3, using: &source) }
      DiffCheck.check(
        Make.snapshot(Make.section("s", old)), Make.snapshot(Make.section("s", new)), seed: seed)
    }
  }

  @Test("all rows equal: shared rows, shared arrays, and rebuilt rows give an empty changeset")
  func allEqual() {
    for count in [0, 1, 2, 7, 300] {
      let rows = (0..<count).map { Make.row("r\($0)") }
      let old = Make.snapshot(
        Make.section("a", rows), Make.section("b", Array(rows.reversed()).map { Make.row("b\($0.id)") }))
      let rebuilt = TableSnapshot(
        uncheckedSections: old.sections.map { section in
          Section(id: section.id, header: section.header, rows: section.rows.map { Make.row($0.id.rawValue) })
        })
      let copied = TableSnapshot(
        uncheckedSections: old.sections.map { Section(id: $0.id, rows: Array($0.rows)) })
      for new in [old, rebuilt, copied] {
        #expect(new.difference(from: old).isEmpty, "\(count) rows")
        DiffCheck.check(old, new, seed: UInt64(count))
      }
    }
  }

  @Test("one row inserted at the front, or appended, of a long section")
  func oneInsertAtAnEdge() throws {
    let old = (0..<500).map { Make.row("r\($0)") }
    let front = Make.flat(["x"] + (0..<500).map { "r\($0)" })
    let back = Make.flat((0..<500).map { "r\($0)" } + ["x"])
    for (new, row) in [(front, 0), (back, 500)] {
      let changeset = new.difference(from: Make.snapshot(Make.section("s", old)))
      #expect(changeset.all(\.rowInserts) == [RowPosition(section: 0, row: row)])
      #expect(changeset.operationCount == 1)
      DiffCheck.check(Make.snapshot(Make.section("s", old)), new, seed: UInt64(row))
    }
  }

  @Test("a row moved from the first place to the last, and back, is one move")
  func moveAcrossTheTrimmedBoundary() throws {
    let ids = (0..<200).map { "r\($0)" }
    let rotated = Array(ids.dropFirst()) + [ids[0]]
    let forth = Make.flat(rotated).difference(from: Make.flat(ids))
    #expect(
      forth.all(\.rowMoves)
        == [Move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 0, row: 199))])
    let back = Make.flat(ids).difference(from: Make.flat(rotated))
    #expect(
      back.all(\.rowMoves)
        == [Move(from: RowPosition(section: 0, row: 199), to: RowPosition(section: 0, row: 0))])
  }

  @Test("the one changed row of a long section is its only update, anywhere")
  func oneChangedRow() throws {
    let old = (0..<300).map { Make.row("r\($0)") }
    for index in [0, 1, 150, 298, 299] {
      var new = old
      new[index] = Make.row("r\(index)", text: "changed")
      let changeset = Make.snapshot(Make.section("s", new)).difference(
        from: Make.snapshot(Make.section("s", old)))
      #expect(changeset.stages.count == 1)
      #expect(changeset.all(\.rowReconfigures) == [RowPosition(section: 0, row: index)])
      #expect(changeset.operationCount == 1)
      #expect(changeset.stages.first?.snapshot == Make.snapshot(Make.section("s", new)))
    }
  }

  @Test("sections: edits at the edges of the section list and of their rows, moves across them")
  func sectionEdgeEdits() {
    for seed in UInt64(40_000)..<40_400 {
      var source = Rows(seed: seed)
      let sectionCount = source.index(1..<7)
      var old: [Section] = []
      for section in 0..<sectionCount {
        let rows = (0..<source.index(0..<12)).map { Make.row("s\(section)r\($0)") }
        old.append(Make.section("s\(section)", header: "S\(section)", rows))
      }
      var drafts = old.map { (id: $0.id, header: $0.header, rows: $0.rows) }
      for _ in 0..<source.index(1..<5) {
        let atStart = source.index(0..<2) == 0
        switch source.index(0..<5) {
        case 0:
          // A section inserted at, or removed from, an edge of the list.
          if source.index(0..<2) == 0 || drafts.isEmpty {
            source.counter += 1
            let fresh = (id: SectionID("new\(source.counter)"), header: String?.none, rows: [source.fresh()])
            drafts.insert(fresh, at: atStart ? 0 : drafts.count)
          } else {
            drafts.remove(at: atStart ? 0 : drafts.count - 1)
          }
        case 1:
          // The first or last section moved anywhere.
          if drafts.count > 1 {
            let moved = drafts.remove(at: atStart ? 0 : drafts.count - 1)
            drafts.insert(moved, at: source.index(0..<drafts.count + 1))
          }
        case 2:
          // A row from the edge of one section to the edge of another.
          if drafts.count > 1, let from = drafts.indices.first(where: { !drafts[$0].rows.isEmpty }) {
            let row = atStart ? drafts[from].rows.removeFirst() : drafts[from].rows.removeLast()
            let to = source.index(0..<drafts.count)
            drafts[to].rows.insert(row, at: atStart ? drafts[to].rows.count : 0)
          }
        case 3:
          // A header change at an edge of the list.
          if !drafts.isEmpty { drafts[atStart ? 0 : drafts.count - 1].header = "changed" }
        default:
          if !drafts.isEmpty {
            let index = source.index(0..<drafts.count)
            edgeEdit(&drafts[index].rows, reach: 2, using: &source)
          }
        }
      }
      let new = drafts.map { Section(id: $0.id, header: $0.header, rows: $0.rows) }
      DiffCheck.check(
        TableSnapshot(uncheckedSections: old), TableSnapshot(uncheckedSections: new), seed: seed)
    }
  }

  @Test("random pairs whose new rows are rebuilt: nothing shared, same results")
  func rebuiltRows() {
    for seed in UInt64(50_000)..<50_500 {
      var generator = SnapshotPairGenerator(seed: seed)
      let (old, new) = generator.pair()
      let rebuilt = TableSnapshot(
        uncheckedSections: new.sections.map { section in
          Section(
            id: section.id, header: section.header, footer: section.footer, style: section.style,
            isCollapsed: section.isCollapsed,
            rows: section.rows.map { Row(id: $0.id, kind: $0.kind, model: $0.model) })
        })
      DiffCheck.check(old, rebuilt, seed: seed)
      #expect(rebuilt.difference(from: old) == new.difference(from: old), "seed \(seed)")
    }
  }
}

extension StagedChangeset {
  var operationCount: Int { stages.reduce(0) { $0 + $1.operationCount } }
}
