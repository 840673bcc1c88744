import Testing

@testable import TableCore

/// ``HeadlessTable`` places only the rows between the first and last row a stage names, and
/// checks the rows around them by reference: what that must still catch, and what it reuses.
@Suite("HeadlessTable windows")
struct HeadlessTableWindowTests {
  private let ids = (0..<200).map { "r\($0)" }

  private func stage(
    to snapshot: TableSnapshot, _ configure: (inout ChangesetStage) -> Void
  ) -> ChangesetStage {
    var stage = ChangesetStage()
    stage.snapshot = snapshot
    configure(&stage)
    return stage
  }

  private func message(from shown: TableSnapshot, _ stage: ChangesetStage) -> String? {
    var table = HeadlessTable(shown)
    do {
      try table.performBatchUpdates(stage)
      return nil
    } catch {
      #expect(table.snapshot == shown, "a rejected update leaves the table unchanged")
      return error.message
    }
  }

  @Test("one reconfigured row of the data source's rows: the table holds the data source's very array")
  func sharesTheDataSourcesRows() throws {
    let shown = Make.flat(ids)
    var rows = shown.sections[0].rows
    rows[100] = Make.row("r100", text: "edited")
    let next = TableSnapshot(uncheckedSections: [Make.section("s", rows)])
    var table = HeadlessTable(shown)
    try table.apply(next.difference(from: shown))
    #expect(table.snapshot == next)
    #expect(
      table.snapshot.sections[0].rows.withUnsafeBufferPointer(\.baseAddress)
        == next.sections[0].rows.withUnsafeBufferPointer(\.baseAddress))
  }

  @Test("rows the stage leaves alone keep what the table showed, even when the data source rebuilt them")
  func untouchedRowsKeepWhatWasShown() throws {
    let shown = Make.flat(ids)
    var rows = ids.map { Make.row($0) }  // equal ids and content, other storage
    rows[100] = Make.row("r100", text: "edited")
    let next = TableSnapshot(uncheckedSections: [Make.section("s", rows)])
    var table = HeadlessTable(shown)
    try table.performBatchUpdates(
      stage(to: next) { $0.rowReconfigures = [RowPosition(section: 0, row: 100)] })
    let result = table.snapshot.sections[0].rows
    #expect(result == rows)
    #expect(result[0].isSameRow(as: shown.sections[0].rows[0]))
    #expect(result[199].isSameRow(as: shown.sections[0].rows[199]))
    #expect(result[100].isSameRow(as: rows[100]))
  }

  @Test(
    "a data source whose ids differ before or after the rows a stage names is rejected at that row",
    arguments: [3, 150])
  func mismatchOutsideTheWindow(row: Int) {
    let shown = Make.flat(ids)
    var wanted = ids
    wanted[row] = "other"
    let next = Make.flat(wanted)
    let text = message(
      from: shown, stage(to: next) { $0.rowReconfigures = [RowPosition(section: 0, row: 100)] })
    #expect(
      text == "row \(row) of section 0 is \"r\(row)\" after the update but the data source has \"other\"")
  }

  @Test("an insert and a delete far apart shift the rows between them, and only those")
  func insertAndDeleteFarApart() throws {
    let shown = Make.flat(ids)
    var wanted = ids
    wanted.remove(at: 150)
    wanted.insert("new", at: 20)
    let next = Make.flat(wanted)
    var table = HeadlessTable(shown)
    try table.performBatchUpdates(
      stage(to: next) {
        $0.rowDeletes = [RowPosition(section: 0, row: 150)]
        $0.rowInserts = [RowPosition(section: 0, row: 20)]
      })
    #expect(table.snapshot.sections[0].rows.map(\.id.rawValue) == wanted)
    #expect(table.snapshot.sections[0].rows[199].isSameRow(as: shown.sections[0].rows[199]))
    #expect(table.snapshot.sections[0].rows[21].isSameRow(as: shown.sections[0].rows[20]))
  }

  @Test("a move's destination mismatching the data source is caught inside the window")
  func wrongMoveDestination() {
    let shown = Make.flat(ids)
    var wanted = ids
    wanted.swapAt(50, 60)
    let next = Make.flat(wanted)
    let text = message(
      from: shown,
      stage(to: next) {
        $0.rowMoves = [Move(from: RowPosition(section: 0, row: 50), to: RowPosition(section: 0, row: 59))]
      })
    #expect(text == "row 50 of section 0 is \"r51\" after the update but the data source has \"r60\"")
  }
}
