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

/// SplitMix64: a tiny, seeded, reproducible generator for property tests.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension StagedChangeset {
  var rowMoveCount: Int { stages.reduce(0) { $0 + $1.rowMoves.count } }
  var sectionMoveCount: Int { stages.reduce(0) { $0 + $1.sectionMoves.count } }

  func all<T>(_ operations: (ChangesetStage) -> [T]) -> [T] { stages.flatMap(operations) }
}
