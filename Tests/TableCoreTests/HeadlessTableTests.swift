import Testing

@testable import TableCore

@Suite("HeadlessTable")
struct HeadlessTableTests {
  private let table = Make.snapshot(
    Make.section("a", Make.rows("a0", "a1", "a2")), Make.section("b", Make.rows("b0")),
    Make.section("c", Make.rows("c0", "c1")))

  private func message(_ stage: ChangesetStage) -> String? {
    var headless = HeadlessTable(table)
    do {
      try headless.performBatchUpdates(stage)
      return nil
    } catch {
      #expect(headless.snapshot == table, "a rejected update leaves the table unchanged")
      return error.message
    }
  }

  private func stage(
    to snapshot: TableSnapshot, _ configure: (inout ChangesetStage) -> Void
  ) -> ChangesetStage {
    var stage = ChangesetStage()
    stage.snapshot = snapshot
    configure(&stage)
    return stage
  }

  @Test("a consistent delete, insert and move applies")
  func validUpdateApplies() throws {
    let after = Make.snapshot(
      Make.section("a", Make.rows("a2", "x", "a1")), Make.section("b", Make.rows("b0")),
      Make.section("c", Make.rows("c0", "c1")))
    var headless = HeadlessTable(table)
    try headless.performBatchUpdates(
      stage(to: after) {
        $0.rowDeletes = [RowPosition(section: 0, row: 0)]
        $0.rowInserts = [RowPosition(section: 0, row: 1)]
        $0.rowMoves = [Move(from: RowPosition(section: 0, row: 2), to: RowPosition(section: 0, row: 0))]
      })
    #expect(headless.snapshot == after)
    #expect(headless.updateCount == 1)
  }

  @Test("a wrong row count is an invalid number of rows in that section")
  func wrongRowCountIsRejected() {
    let after = Make.snapshot(
      Make.section("a", Make.rows("a0", "a1", "a2")), Make.section("b", Make.rows("b0")),
      Make.section("c", Make.rows("c0", "c1", "c2")))
    let text = message(stage(to: after) { _ in })
    #expect(text?.hasPrefix("invalid number of rows in section 2.") == true)
    #expect(
      text?.contains(
        "(3) must be equal to the number of rows contained in that section before the update (2)") == true)
  }

  @Test("a wrong section count is an invalid number of sections")
  func wrongSectionCountIsRejected() {
    let text = message(stage(to: Make.snapshot(Make.section("a", Make.rows("a0", "a1", "a2")))) { _ in })
    #expect(text?.hasPrefix("invalid number of sections.") == true)
  }

  @Test("moving and reloading the same row in one stage is rejected")
  func moveAndReloadIsRejected() {
    let after = Make.snapshot(
      Make.section("a", Make.rows("a1", "a0", "a2")), Make.section("b", Make.rows("b0")),
      Make.section("c", Make.rows("c0", "c1")))
    let text = message(
      stage(to: after) {
        $0.rowReloads = [RowPosition(section: 0, row: 0)]
        $0.rowMoves = [Move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 0, row: 1))]
      })
    #expect(text == "attempt to move row 0 of section 0, which the same update also reloads")
  }

  @Test("a row operation in a section the same stage deletes is rejected")
  func rowOperationInDeletedSectionIsRejected() {
    let after = Make.snapshot(
      Make.section("a", Make.rows("a0", "a1", "a2")), Make.section("c", Make.rows("c0", "c1")))
    let text = message(
      stage(to: after) {
        $0.sectionDeletes = [1]
        $0.rowDeletes = [RowPosition(section: 1, row: 0)]
      })
    #expect(text == "attempt to delete row 0 from section 1, which the same update deletes")
  }

  @Test("an insert into a section the same stage inserts is rejected")
  func insertIntoInsertedSectionIsRejected() {
    let after = Make.snapshot(
      Make.section("n", Make.rows("n0")), Make.section("a", Make.rows("a0", "a1", "a2")),
      Make.section("b", Make.rows("b0")), Make.section("c", Make.rows("c0", "c1")))
    let text = message(
      stage(to: after) {
        $0.sectionInserts = [0]
        $0.rowInserts = [RowPosition(section: 0, row: 0)]
      })
    #expect(text == "attempt to insert row 0 of section 0, which the same update inserts")
  }

  @Test("deleting a row that does not exist is rejected")
  func deleteOutOfRangeIsRejected() {
    let text = message(stage(to: table) { $0.rowDeletes = [RowPosition(section: 1, row: 4)] })
    #expect(text == "attempt to delete row 4 from section 1 which only contains 1 rows before the update")
  }

  @Test("an update that leaves the wrong row in place is caught by the layout check")
  func wrongIdentityIsRejected() {
    let after = Make.snapshot(
      Make.section("a", Make.rows("a1", "a0", "a2")), Make.section("b", Make.rows("b0")),
      Make.section("c", Make.rows("c0", "c1")))
    let text = message(stage(to: after) { _ in })
    #expect(text == "row 0 of section 0 is \"a0\" after the update but the data source has \"a1\"")
  }

  @Test("reconfiguring a row whose kind changed is rejected")
  func reconfigureWithOtherKindIsRejected() {
    let after = Make.snapshot(
      Make.section("a", [Make.row("a0", kind: "rating"), Make.row("a1"), Make.row("a2")]),
      Make.section("b", Make.rows("b0")), Make.section("c", Make.rows("c0", "c1")))
    let text = message(stage(to: after) { $0.rowReconfigures = [RowPosition(section: 0, row: 0)] })
    #expect(text?.hasPrefix("attempt to reconfigure row 0 of section 0 whose cell kind changes") == true)
  }

  @Test("moved rows keep what they showed; only refreshed rows read the data source")
  func movedRowsKeepContent() throws {
    let changed = Make.snapshot(
      Make.section("a", [Make.row("a1"), Make.row("a0", text: "new"), Make.row("a2")]),
      Make.section("b", Make.rows("b0")), Make.section("c", Make.rows("c0", "c1")))
    var headless = HeadlessTable(table)
    try headless.performBatchUpdates(
      stage(to: changed) {
        $0.rowMoves = [Move(from: RowPosition(section: 0, row: 0), to: RowPosition(section: 0, row: 1))]
      })
    #expect(headless.snapshot.sections[0].rows[1] == Make.row("a0"))
    #expect(headless.snapshot != changed)
  }

  @Test("applying names the stage that fails")
  func applyingNamesTheStage() {
    var bad = ChangesetStage()
    bad.rowDeletes = [RowPosition(section: 0, row: 0)]
    bad.snapshot = table
    #expect(throws: BatchUpdateError.self) { try table.applying(StagedChangeset(stages: [bad])) }
    do {
      _ = try table.applying(StagedChangeset(stages: [bad]))
    } catch {
      #expect(error.stageIndex == 0)
      #expect(error.description.hasPrefix("Invalid update in stage 0: invalid number of rows in section 0."))
    }
  }

  @Test("a section update shows the data source's titles and keeps the rows")
  func sectionUpdateReadsTitles() throws {
    let old = Make.snapshot(Make.section("s", header: "3 issues", Make.rows("a", "b")))
    let new = Make.snapshot(
      Section(id: "s", header: "2 issues", footer: "closed: 1", rows: Make.rows("a")))
    var headless = HeadlessTable(old)
    try headless.performBatchUpdates(
      stage(to: new) {
        $0.rowDeletes = [RowPosition(section: 0, row: 1)]
        $0.sectionUpdates = [0]
      })
    #expect(headless.snapshot == new)
    var stale = HeadlessTable(old)
    try stale.performBatchUpdates(stage(to: new) { $0.rowDeletes = [RowPosition(section: 0, row: 1)] })
    #expect(stale.snapshot.sections[0].header == "3 issues", "without the update the title stays")
  }

  @Test("section updates outside the table, twice, or of a section inserted or reloaded are rejected")
  func badSectionUpdates() {
    #expect(
      message(stage(to: table) { $0.sectionUpdates = [3] })
        == "attempt to update section 3 but there are only 3 sections after the update")
    #expect(
      message(stage(to: table) { $0.sectionUpdates = [1, 1] })
        == "attempt to update section 1 twice")
    #expect(
      message(
        stage(to: table) {
          $0.sectionReloads = [2]
          $0.sectionUpdates = [2]
        }) == "attempt to update section 2, which the same update reloads")
    let inserted = Make.snapshot(
      Make.section("n", []), Make.section("a", Make.rows("a0", "a1", "a2")),
      Make.section("b", Make.rows("b0")), Make.section("c", Make.rows("c0", "c1")))
    #expect(
      message(
        stage(to: inserted) {
          $0.sectionInserts = [0]
          $0.sectionUpdates = [0]
        }) == "attempt to update section 0, which the same update inserts")
  }
}
