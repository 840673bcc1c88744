import TestSupport

@testable import TableCore

/// Random snapshots and random edits of them, for property tests. Seeded: a failing seed
/// reproduces exactly.
struct SnapshotPairGenerator {
  private struct Draft {
    var id: SectionID
    var header: String?
    var footer: String?
    var style: SectionStyle
    var collapsed: Bool
    var rows: [Row]
  }

  private var random: SeededGenerator
  private var counter = 0
  private let texts = ["plain", "Ünïcödé", "想读 · 在读", "📚🇨🇳 emoji", "e\u{301}", "", "読過 Ω"]
  private let kinds: [CellKind] = ["info", "rating", "text"]

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  private mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  private mutating func text() -> String { texts.randomElement(using: &random) ?? "" }

  private mutating func freshRow() -> Row {
    counter += 1
    let id = chance(20) ? "行\(counter)" : "r\(counter)"
    return row(id: RowID(id), kind: kinds.randomElement(using: &random) ?? "text")
  }

  private mutating func row(id: RowID, kind: CellKind) -> Row {
    let model = FieldsModel(
      fields: [
        Field("title", .text(text())), Field("count", .integer(Int.random(in: 0..<3, using: &random))),
      ],
      height: chance(80) ? 44 : 88)
    return Row(id: id, kind: kind, model: model)
  }

  private mutating func freshSection(maxRows: Int) -> Draft {
    counter += 1
    let rows = (0..<Int.random(in: 0...maxRows, using: &random)).map { _ in freshRow() }
    return Draft(
      id: SectionID("s\(counter)"), header: chance(50) ? text() : nil, footer: nil,
      style: chance(80) ? .dynamic : .static, collapsed: chance(10), rows: rows)
  }

  private func build(_ drafts: [Draft]) -> TableSnapshot {
    TableSnapshot(
      uncheckedSections: drafts.map {
        Section(
          id: $0.id, header: $0.header, footer: $0.footer, style: $0.style,
          isCollapsed: $0.collapsed, rows: $0.rows)
      })
  }

  /// A random snapshot and a random edit of it.
  mutating func pair(
    maxSections: Int = 6, maxRows: Int = 10, maxEdits: Int = 10
  ) -> (
    old: TableSnapshot, new: TableSnapshot
  ) {
    var drafts = (0..<Int.random(in: 0...maxSections, using: &random)).map { _ in
      freshSection(maxRows: maxRows)
    }
    let old = build(drafts)
    drafts = old.sections.map {
      Draft(
        id: $0.id, header: $0.header, footer: $0.footer, style: $0.style,
        collapsed: $0.isCollapsed, rows: $0.rows)
    }
    for _ in 0..<Int.random(in: 0...maxEdits, using: &random) { edit(&drafts, maxRows: maxRows) }
    return (old, build(drafts))
  }

  private mutating func edit(_ drafts: inout [Draft], maxRows: Int) {
    let operation = Int.random(in: 0..<14, using: &random)
    if drafts.isEmpty || operation == 0 {
      drafts.insert(freshSection(maxRows: maxRows), at: Int.random(in: 0...drafts.count, using: &random))
      return
    }
    let section = Int.random(in: 0..<drafts.count, using: &random)
    let count = drafts[section].rows.count
    switch operation {
    case 1: drafts.remove(at: section)
    case 2:
      let moved = drafts.remove(at: section)
      drafts.insert(moved, at: Int.random(in: 0...drafts.count, using: &random))
    case 3: drafts[section].header = chance(30) ? nil : text()
    case 4: drafts[section].footer = chance(50) ? nil : text()
    case 5: drafts[section].style = drafts[section].style == .static ? .dynamic : .static
    case 6:
      drafts[section].collapsed.toggle()
      if !drafts[section].collapsed && drafts[section].rows.isEmpty {
        drafts[section].rows = (0..<Int.random(in: 0...3, using: &random)).map { _ in freshRow() }
      }
    case 7: drafts[section].rows.insert(freshRow(), at: Int.random(in: 0...count, using: &random))
    default:
      guard count > 0 else { return }
      let index = Int.random(in: 0..<count, using: &random)
      let current = drafts[section].rows[index]
      switch operation {
      case 8: drafts[section].rows.remove(at: index)
      case 9:
        let moved = drafts[section].rows.remove(at: index)
        drafts[section].rows.insert(moved, at: Int.random(in: 0..<count, using: &random))
      case 10:
        let moved = drafts[section].rows.remove(at: index)
        let target = Int.random(in: 0..<drafts.count, using: &random)
        drafts[target].rows.insert(
          moved, at: Int.random(in: 0...drafts[target].rows.count, using: &random))
      case 11: drafts[section].rows[index] = row(id: current.id, kind: current.kind)
      case 12:
        let kind = kinds.filter { $0 != current.kind }.randomElement(using: &random) ?? "text"
        drafts[section].rows[index] = row(id: current.id, kind: kind)
      default:
        // A rotation: the first row goes last.
        let first = drafts[section].rows.removeFirst()
        drafts[section].rows.append(first)
      }
    }
  }
}
