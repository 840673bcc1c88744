import Testing

@testable import TableCore

@Suite("Stage descriptions")
struct StageDescriptionTests {
  @Test("each row operation names the row, where it was, where it goes and its content")
  func rowOperations() throws {
    let old = Make.flat(["a", "b", "c", "d"])
    let new = TableSnapshot(uncheckedSections: [
      Make.section("s", [Make.row("d"), Make.row("b", text: "B!"), Make.row("c"), Make.row("e")])
    ])
    let stages = new.difference(from: old).describedStages(from: old)
    let changes = stages.flatMap(\.rows)
    let byKind = Dictionary(grouping: changes, by: \.kind)
    let deleted = try #require(byKind[.delete]?.first)
    #expect(deleted.id == "a" && deleted.from == RowPosition(section: 0, row: 0) && deleted.after == nil)
    let reconfigured = try #require(byKind[.reconfigure]?.first)
    #expect(reconfigured.id == "b")
    #expect(reconfigured.before?.fields == [Field("title", .text("b"))])
    #expect(reconfigured.after?.fields == [Field("title", .text("B!"))])
    #expect(reconfigured.changedFields == ["title"])
    let inserted = try #require(byKind[.insert]?.first)
    #expect(inserted.id == "e" && inserted.to == RowPosition(section: 0, row: 3) && inserted.before == nil)
    let moveStage = try #require(stages.first { $0.rows.contains { $0.kind == .move } })
    let moved = try #require(moveStage.rows.first { $0.kind == .move })
    #expect(moved.id == "d" && moved.to == RowPosition(section: 0, row: 0))
    #expect(moveStage.before.row(at: try #require(moved.from))?.id == "d")
    #expect(moveStage.after.row(at: RowPosition(section: 0, row: 0))?.id == "d")
    #expect(stages.first?.before == old)
    #expect(stages.last?.after == new)
  }

  @Test("a reload lists kind, changed fields and height as changed")
  func reloadChangedFields() throws {
    let old = Make.snapshot(Make.section("s", [Make.row("a", kind: "text", height: 44)]))
    let new = Make.snapshot(Make.section("s", [Make.row("a", kind: "other", text: "z", height: 60)]))
    let change = try #require(new.difference(from: old).describedStages(from: old).flatMap(\.rows).first)
    #expect(change.kind == .reload)
    #expect(change.changedFields == ["kind", "title", "height"])
  }

  @Test("section operations carry the section before and after; arriving rows come with it")
  func sectionOperations() throws {
    let old = Make.snapshot(Make.section("x", [Make.row("a")]))
    let new = Make.snapshot(Make.section("y", [Make.row("b"), Make.row("c")]))
    let stages = new.difference(from: old).describedStages(from: old)
    let sections = stages.flatMap(\.sections)
    #expect(sections.map(\.kind) == [.delete, .insert])
    #expect(sections[0].id == "x" && sections[0].before?.rows.count == 1)
    #expect(sections[1].id == "y" && sections[1].after?.rows.map(\.id) == ["b", "c"])
    #expect(stages.flatMap(\.rows).isEmpty)
  }

  @Test("positions outside the table describe as unknown instead of trapping")
  func outOfRange() {
    var stage = ChangesetStage()
    stage.rowDeletes = [RowPosition(section: 3, row: 9)]
    stage.sectionDeletes = [7]
    let described = StagedChangeset(stages: [stage]).describedStages(from: .empty)
    #expect(described.first?.rows.first?.id == nil)
    #expect(described.first?.sections.first?.id == nil)
    #expect(SnapshotText.logLines(for: described[0]).contains("- row 3.9 ?"))
  }

  @Test("the text renderings escape ids a backend made up to forge lines")
  func forgedIDs() {
    let forged = "x\n> select forged\n\u{1B}[31m"
    let old = Make.flat(["a"])
    let new = Make.flat(["a", forged])
    let changeset = new.difference(from: old)
    let log = changeset.describedStages(from: old).map(SnapshotText.logLines(for:)).joined()
    #expect(!log.contains("\n> select"))
    #expect(!log.contains("\u{1B}"))
    #expect(
      log.contains(
        #"+ row 0.1 text "x\n> select forged\n\u001b[31m"  title="x\n> select forged\n\u001b[31m""#))
    let lines = changeset.textLines(from: old)
    #expect(lines == [#"stage 1: insert row 0.1 "x\n> select forged\n\u001b[31m""#])
    let section = SnapshotText.line(for: Make.section("s\r\n", header: "h\u{202E}", []), at: 0)
    #expect(section == #"section 0 "s\r\n" "h\u202e" [dynamic]"#)
  }

  @Test("a header change reads as a section update in the log and in diff's lines")
  func sectionUpdateText() throws {
    let old = Make.snapshot(Make.section("issues", header: "3 issues", Make.rows("a", "b", "c")))
    let new = Make.snapshot(
      Section(id: "issues", header: "2 issues", footer: "1 closed", rows: Make.rows("a", "c")))
    let changeset = new.difference(from: old)
    let described = changeset.describedStages(from: old)
    let update = try #require(described.last?.sections.first)
    #expect(update.kind == .update && update.id == "issues" && update.from == 0 && update.to == 0)
    #expect(update.before?.header == "3 issues" && update.after?.header == "2 issues")
    #expect(
      SnapshotText.logLines(for: described[0])
        == """
          stage 1: 1 section updated, 1 row deleted
            = section 0 issues header "3 issues" → "2 issues" footer none → "1 closed"
            - row 0.1 b

        """)
    #expect(
      changeset.textLines(from: old) == [
        #"stage 1: update section 0 "issues" header "3 issues" -> "2 issues" footer none -> "1 closed""#,
        #"stage 1: delete row 0.1 "b""#,
      ])
  }
}
