@testable import TableCore

/// Small builders that keep the tests readable.
enum Make {
  static func row(
    _ id: String, kind: String = "text", text: String? = nil, height: Double = 44
  )
    -> Row
  {
    Row(
      id: RowID(id), kind: CellKind(kind),
      model: FieldsModel(fields: [Field("title", .text(text ?? id))], height: height))
  }

  static func rows(_ ids: String...) -> [Row] { ids.map { row($0) } }

  static func rows(_ ids: [String]) -> [Row] { ids.map { row($0) } }

  static func section(
    _ id: String, header: String? = nil, style: SectionStyle = .dynamic,
    collapsed: Bool = false, _ rows: [Row]
  ) -> Section {
    Section(id: SectionID(id), header: header, style: style, isCollapsed: collapsed, rows: rows)
  }

  static func snapshot(_ sections: Section...) -> TableSnapshot {
    TableSnapshot(uncheckedSections: sections)
  }

  /// One section "s" holding rows with the given ids.
  static func flat(_ ids: [String]) -> TableSnapshot {
    TableSnapshot(uncheckedSections: [section("s", rows(ids))])
  }
}

extension StagedChangeset {
  var rowMoveCount: Int { stages.reduce(0) { $0 + $1.rowMoves.count } }
  var sectionMoveCount: Int { stages.reduce(0) { $0 + $1.sectionMoves.count } }

  func all<T>(_ operations: (ChangesetStage) -> [T]) -> [T] { stages.flatMap(operations) }
}
