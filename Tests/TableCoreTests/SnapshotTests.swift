import Testing

@testable import TableCore

@Suite("TableSnapshot")
struct SnapshotTests {
  @Test("a collapsed section keeps no rows")
  func collapsedSectionKeepsNoRows() {
    let row = Row(id: "a", kind: "text", model: FieldsModel(fields: [Field("t", .text("x"))], height: 44))
    let section = Section(id: "s", isCollapsed: true, rows: [row])
    #expect(section.rows.isEmpty)
  }
}
