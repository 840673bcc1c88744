import Testing

@testable import TableCore

@Suite("TableSnapshot.difference(from:)")
struct DifferenceTests {
  private func checked(_ old: TableSnapshot, _ new: TableSnapshot) throws -> StagedChangeset {
    let changeset = new.difference(from: old)
    #expect(try old.applying(changeset) == new)
    return changeset
  }

  @Test("equal snapshots give an empty changeset")
  func equalSnapshotsGiveNothing() throws {
    let table = Make.flat(["a", "b", "c"])
    #expect(try checked(table, table).isEmpty)
  }

  @Test("rotating [A…F] to [B…F, A] is one move")
  func rotationIsOneMove() throws {
    let changeset = try checked(
      Make.flat(["A", "B", "C", "D", "E", "F"]), Make.flat(["B", "C", "D", "E", "F", "A"]))
    #expect(changeset.stages.count == 1)
    #expect(
      changeset.all(\.rowMoves)
        == [Move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 0, row: 5))])
  }

  @Test("rows off the longest increasing subsequence move, the rest stay")
  func minimalMovesWithinSection() throws {
    let changeset = try checked(
      Make.flat(["a", "b", "c", "d", "e"]), Make.flat(["e", "d", "a", "b", "c"]))
    #expect(changeset.rowMoveCount == 2)
  }

  @Test("deletes use old indexes and inserts new ones")
  func deletesAndInserts() throws {
    let changeset = try checked(Make.flat(["a", "b", "c"]), Make.flat(["a", "x", "c", "y"]))
    #expect(changeset.all(\.rowDeletes) == [RowPosition(section: 0, row: 1)])
    #expect(
      changeset.all(\.rowInserts)
        == [RowPosition(section: 0, row: 1), RowPosition(section: 0, row: 3)])
    #expect(changeset.rowMoveCount == 0)
  }

  @Test("same id and kind with other content is a reconfigure")
  func contentChangeIsReconfigure() throws {
    let old = Make.flat(["a", "b"])
    let new = Make.snapshot(Make.section("s", [Make.row("a"), Make.row("b", text: "changed")]))
    let changeset = try checked(old, new)
    #expect(changeset.all(\.rowReconfigures) == [RowPosition(section: 0, row: 1)])
    #expect(changeset.all(\.rowReloads).isEmpty)
  }

  @Test("a height change alone is reported")
  func heightChangeIsReported() throws {
    let old = Make.flat(["a"])
    let new = Make.snapshot(Make.section("s", [Make.row("a", height: 80)]))
    #expect(try checked(old, new).all(\.rowReconfigures) == [RowPosition(section: 0, row: 0)])
  }

  @Test("a changed kind is a reload")
  func kindChangeIsReload() throws {
    let old = Make.flat(["a", "b"])
    let new = Make.snapshot(Make.section("s", [Make.row("a"), Make.row("b", kind: "rating")]))
    let changeset = try checked(old, new)
    #expect(changeset.all(\.rowReloads) == [RowPosition(section: 0, row: 1)])
    #expect(changeset.all(\.rowReconfigures).isEmpty)
  }

  @Test("a row both moved and changed is updated and moved in different stages")
  func movedAndChangedRowIsStaged() throws {
    let old = Make.flat(["a", "b", "c"])
    let new = Make.snapshot(
      Make.section("s", [Make.row("b"), Make.row("c"), Make.row("a", kind: "other")]))
    let changeset = try checked(old, new)
    for stage in changeset.stages {
      let moved = Set(stage.rowMoves.map(\.from))
      #expect(moved.isDisjoint(with: stage.rowReloads))
      #expect(moved.isDisjoint(with: stage.rowReconfigures))
    }
    #expect(changeset.rowMoveCount == 1)
    #expect(changeset.all(\.rowReloads).count == 1)
  }

  @Test("a row changing between surviving sections is moved")
  func crossSectionRowIsMoved() throws {
    let old = Make.snapshot(
      Make.section("x", Make.rows("a", "b")), Make.section("y", Make.rows("c")))
    let new = Make.snapshot(
      Make.section("x", Make.rows("a")), Make.section("y", Make.rows("c", "b")))
    let changeset = try checked(old, new)
    #expect(
      changeset.all(\.rowMoves)
        == [Move(from: RowPosition(section: 0, row: 1), to: RowPosition(section: 1, row: 1))])
    #expect(changeset.all(\.rowDeletes).isEmpty)
    #expect(changeset.all(\.rowInserts).isEmpty)
  }

  @Test("a row going into a reloaded section is deleted, not moved")
  func rowIntoReloadedSectionIsDeleted() throws {
    let old = Make.snapshot(
      Make.section("x", Make.rows("a", "b")), Make.section("y", Make.rows("c")))
    let new = Make.snapshot(
      Make.section("x", Make.rows("a")), Make.section("y", style: .static, Make.rows("c", "b")))
    let changeset = try checked(old, new)
    #expect(changeset.rowMoveCount == 0)
    #expect(changeset.all(\.sectionReloads) == [1])
    #expect(changeset.all(\.rowDeletes) == [RowPosition(section: 0, row: 1)])
  }

  @Test("a style change reloads the section")
  func styleChangeReloadsSection() throws {
    let rows = Make.rows("a", "b")
    let old = Make.snapshot(Make.section("s", rows))
    let changeset = try checked(old, Make.snapshot(Make.section("s", style: .static, rows)))
    #expect(changeset.all(\.sectionReloads) == [0])
    #expect(changeset.all(\.sectionUpdates).isEmpty)
    #expect(changeset.all(\.rowReconfigures).isEmpty)
  }

  @Test("a header or footer text change is a section update, not a reload", arguments: [0, 1, 2])
  func titleChangeUpdatesSection(attribute: Int) throws {
    let rows = Make.rows("a", "b")
    let old = Make.snapshot(Section(id: "s", header: "3 issues", footer: "f", rows: rows))
    let changed: Section
    switch attribute {
    case 0: changed = Section(id: "s", header: "2 issues", footer: "f", rows: rows)
    case 1: changed = Section(id: "s", header: "3 issues", rows: rows)
    default: changed = Section(id: "s", header: nil, footer: "g", rows: rows)
    }
    let changeset = try checked(old, TableSnapshot(uncheckedSections: [changed]))
    #expect(changeset.stages.count == 1)
    #expect(changeset.all(\.sectionUpdates) == [0])
    #expect(changeset.all(\.sectionReloads).isEmpty)
    #expect(changeset.all(\.rowReconfigures).isEmpty)
  }

  @Test("an issue closed: the header update rides in the last stage while the rows animate")
  func titleUpdateKeepsRowsAnimating() throws {
    let old = Make.snapshot(
      Make.section("top", Make.rows("t")),
      Make.section("issues", header: "3 issues", Make.rows("i1", "i2", "i3")))
    let new = Make.snapshot(
      Make.section("new", Make.rows("n")), Make.section("top", Make.rows("t")),
      Make.section("issues", header: "2 issues", Make.rows("i3", "i1")))
    let changeset = try checked(old, new)
    #expect(changeset.all(\.sectionReloads).isEmpty)
    #expect(changeset.all(\.rowDeletes) == [RowPosition(section: 1, row: 1)])
    #expect(changeset.rowMoveCount == 1)
    // Post-stage (final) index: the inserted section shifted it from 1 to 2.
    #expect(changeset.stages.last?.sectionUpdates == [2])
    #expect(changeset.stages.dropLast().allSatisfy { $0.sectionUpdates.isEmpty })
    // The tables before the last stage still show the old title.
    #expect(changeset.stages.first?.snapshot.sections.last?.header == "3 issues")
  }

  @Test("collapsing deletes the rows and expanding inserts them, without a section reload")
  func collapseAndExpand() throws {
    let expanded = Make.snapshot(Make.section("s", header: "S", Make.rows("a", "b")))
    let collapsed = Make.snapshot(Make.section("s", header: "S", collapsed: true, Make.rows("a", "b")))
    let collapse = try checked(expanded, collapsed)
    #expect(collapse.all(\.rowDeletes).count == 2)
    #expect(collapse.all(\.sectionReloads).isEmpty)
    let expand = try checked(collapsed, expanded)
    #expect(expand.all(\.rowInserts).count == 2)
    #expect(expand.all(\.sectionReloads).isEmpty)
  }

  @Test("collapsing an empty section reloads it, as no row can carry the change")
  func collapsingEmptySectionReloads() throws {
    let open = Make.snapshot(Make.section("s", []))
    let closed = Make.snapshot(Make.section("s", collapsed: true, []))
    #expect(try checked(open, closed).all(\.sectionReloads) == [0])
  }

  @Test("rotating sections is one section move and no row operation")
  func sectionRotationIsOneMove() throws {
    let sections = (0..<4).map { Make.section("s\($0)", Make.rows("r\($0)a", "r\($0)b")) }
    let old = TableSnapshot(uncheckedSections: sections)
    let new = TableSnapshot(uncheckedSections: Array(sections[1...]) + [sections[0]])
    let changeset = try checked(old, new)
    #expect(changeset.all(\.sectionMoves) == [Move(from: 0, to: 3)])
    #expect(changeset.rowMoveCount == 0)
  }

  @Test("inserted and deleted sections bring and take their rows")
  func sectionInsertAndDelete() throws {
    let old = Make.snapshot(Make.section("a", Make.rows("1")), Make.section("b", Make.rows("2")))
    let new = Make.snapshot(Make.section("b", Make.rows("2")), Make.section("c", Make.rows("3", "1")))
    let changeset = try checked(old, new)
    #expect(changeset.all(\.sectionDeletes) == [0])
    #expect(changeset.all(\.sectionInserts) == [1])
    #expect(changeset.all(\.rowInserts).isEmpty)
  }

  @Test("from and to an empty table")
  func fromAndToEmpty() throws {
    let table = Make.snapshot(Make.section("a", Make.rows("1", "2")))
    #expect(try checked(.empty, table).all(\.sectionInserts) == [0])
    #expect(try checked(table, .empty).all(\.sectionDeletes) == [0])
  }

  @Test("unchecked duplicate ids still give a changeset that applies")
  func duplicatesDoNotBreakTheDiff() throws {
    let old = Make.flat(["a", "a", "b"])
    let new = Make.flat(["b", "a", "a", "a"])
    _ = try checked(old, new)
  }
}
