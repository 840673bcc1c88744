import TableCore
import TableFlow

/// What a spec's prototypes made of recorded answers: `tableflow spec check SPEC FIXTURE…`
/// adds every snapshot a replay presents, then prints which prototypes made rows, which
/// matched nothing, and which records became placeholder rows, and why.
public struct SpecCoverage: Sendable {
  private let feed: SpecFeed
  /// Rows made per screen and prototype index.
  private var counts: [String: [Int: Int]] = [:]
  /// The distinct placeholder rows per screen: id, path, reason.
  private var invalid: [String: [String: String]] = [:]
  /// The screens that were shown.
  private var shown: Set<String> = []
  private var seen: Set<RowID> = []

  /// An empty report for `feed`.
  public init(feed: SpecFeed) {
    self.feed = feed
  }

  /// Counts the rows of a snapshot of `screen`, each row id once per screen.
  public mutating func add(_ snapshot: TableSnapshot, screen: String) {
    shown.insert(screen)
    for section in snapshot.sections {
      for row in section.rows where seen.insert(RowID(screen + "\u{0}" + row.id.rawValue)).inserted {
        if let model = row.model.as(SpecCellModel.self) {
          counts[screen, default: [:]][model.prototype, default: 0] += 1
        } else if row.kind == InvalidItem.kind {
          let fields = row.model.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
          invalid[screen, default: [:]][row.id.rawValue] = fields
        }
      }
    }
  }

  /// Whether a row prototype of a shown screen matched nothing or a record became a
  /// placeholder row (a section's `empty` row that was never needed is no finding).
  public var hasFindings: Bool { report.findings > 0 }

  /// The report, one line per prototype of each screen shown (in the spec's order), then one
  /// per placeholder row: `books: bookInfo in sections[0] wish made 61 rows`.
  public var lines: [String] { report.lines }

  private var report: (lines: [String], findings: Int) {
    var lines: [String] = []
    var findings = 0
    for name in feed.screenNames {
      guard let screen = feed.spec.screens[name] else { continue }
      guard shown.contains(name) else {
        lines.append("\(name): not shown by these fixtures")
        continue
      }
      for (sectionIndex, section) in screen.sections.enumerated() {
        let place = "sections[\(sectionIndex)] \(section.id.rawValue)"
        let prototypes = Self.prototypes(of: section)
        // A section shown only for some parameters that made nothing was, as far as the rows
        // tell, not shown by these fixtures: no finding.
        if !section.when.isEmpty && prototypes.allSatisfy({ counts[name]?[$0.0.index] == nil }) {
          lines.append("\(name): \(place) not shown (its 'when' did not match, or it had no records)")
          continue
        }
        for (prototype, isEmptyRow) in prototypes {
          let count = counts[name]?[prototype.index] ?? 0
          let kind = prototype.kind.rawValue + (isEmptyRow ? " (empty row)" : "")
          if count == 0 && !isEmptyRow { findings += 1 }
          let what =
            count == 0
            ? (isEmptyRow ? "not needed" : "matched nothing") : "made \(count) row\(count == 1 ? "" : "s")"
          lines.append("\(name): \(kind) in \(place) \(what)")
        }
      }
      for (id, fields) in (invalid[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
        findings += 1
        lines.append("\(name): invalid row \(id): \(fields)")
      }
    }
    return (lines, findings)
  }

  private static func prototypes(of section: SpecSectionDefinition) -> [(SpecPrototype, isEmptyRow: Bool)] {
    switch section.content {
    case .fixed(let prototypes): return prototypes.map { ($0, false) }
    case .records(let source):
      return source.prototypes.map { ($0, false) } + (source.empty.map { [($0, true)] } ?? [])
    }
  }
}
