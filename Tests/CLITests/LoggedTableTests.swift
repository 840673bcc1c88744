import Foundation
import TableCore
import TableFlow
import TestSupport
import Testing

@testable import CLIKit
@testable import TableFlowViewer

/// The review page draws a golden log's tables by reading the text log back: every shipped
/// golden must read back to exactly the tables its session shows.
@Suite("Golden logs read back into tables", .timeLimit(.minutes(5)))
struct LoggedTableTests {
  static func table(_ snapshot: TableSnapshot) -> LoggedTable {
    LoggedTable(
      sections: snapshot.sections.map { section in
        LoggedTable.Section(
          id: section.id.rawValue, header: section.header, footer: section.footer,
          style: section.style.rawValue,
          isCollapsed: section.isCollapsed,
          rows: section.rows.map { row in
            LoggedTable.Row(
              kind: row.kind.rawValue, id: row.id.rawValue, height: row.height,
              fields: row.fields.map { LoggedTable.Field(name: $0.name, value: JSONValue($0.value)) })
          })
      })
  }

  /// Where two tables first differ, for a failure message.
  static func firstDifference(_ read: LoggedTable?, _ expected: LoggedTable) -> String {
    guard let read else { return "not read" }
    for (index, section) in expected.sections.enumerated() {
      guard index < read.sections.count else { return "section \(index) missing" }
      var other = read.sections[index]
      if other.rows != section.rows {
        for (row, value) in section.rows.enumerated()
        where row >= other.rows.count || other.rows[row] != value {
          return
            "row \(index).\(row): read \(row < other.rows.count ? "\(other.rows[row])" : "nothing"), expected \(value)"
        }
        return "section \(index) has \(other.rows.count) rows, expected \(section.rows.count)"
      }
      other.rows = section.rows
      if other != section { return "section \(index): read \(other), expected \(section)" }
    }
    return "read \(read.sections.count) sections, expected \(expected.sections.count)"
  }

  @Test("every shipped golden reads back to the snapshot of each step of its session")
  func shippedGoldens() async throws {
    let root = APIServer.packageRoot.appendingPathComponent("Fixtures").path
    var checked = 0
    for feed in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
      let folder = root + "/" + feed
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
      for name in names.sorted() where name.hasSuffix(".jsonl.gz") {
        let stem = folder + "/" + name.dropLast(".jsonl.gz".count)
        guard let golden = try? String(contentsOfFile: stem + ".log", encoding: .utf8) else { continue }
        let page = try await SessionPageTests.page(stem + ".jsonl.gz")
        let tables = LoggedTableReader.tables(of: VerifyReport.blocks(of: golden))
        #expect(tables.count >= page.steps.count, "\(stem)")
        for (index, step) in page.steps.enumerated() where index < tables.count {
          // A stage does not print a section's collapsed state (UIKit has no operation for it,
          // only the rows' deletes and inserts): the read table keeps the state last printed.
          var expected = Self.table(step.snapshot)
          let read = tables[index]?.sections ?? []
          for section in expected.sections.indices where section < read.count {
            expected.sections[section].isCollapsed = read[section].isCollapsed
          }
          #expect(
            tables[index] == expected,
            "\(stem).log, step \(index + 1): \(Self.firstDifference(tables[index], expected))")
        }
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  @Test("a --full log, escaped ids and titles, and a stage that does not fit")
  func shapes() {
    let log = """
      > load
      list v1: 1 section, 2 rows
        section 0 "odd id" "A \\"quoted\\" header" [static, collapsed] footer="x\\ny"
          0.0 item "a b"  title="1" n=2 f=2.5 ok=true none=null  height=44
          0.1 item b   height=30
      > refresh
      list v2: 1 section, 2 rows; 1 stage
        stage 1: 1 row moved, 1 row reconfigured
          > row 0.0 → 0.1 "a b"
          ~ row 0.1 item b  title="new"  height=30
      > refresh
      list v3: 1 section, 1 row; 1 stage
        stage 1: 1 row deleted
          - row 0.9 nothing
      """
    let tables = LoggedTableReader.tables(of: VerifyReport.blocks(of: log))
    let first = tables[0]?.sections.first
    #expect(first?.id == "odd id")
    #expect(first?.header == #"A "quoted" header"#)
    #expect(first?.footer == "x\ny")
    #expect(first?.isCollapsed == true)
    #expect(
      first?.rows.first?.fields.map(\.value) == [.string("1"), .integer(2), .number(2.5), .bool(true), .null])
    #expect(first?.rows.last?.fields == [])
    #expect(tables[1]?.sections.first?.rows.map(\.id) == ["b", "a b"])
    #expect(tables[1]?.sections.first?.rows.first?.fields.first?.value == .string("new"))
    // Deleting a row that is not there: the rows do not add up, so the table is not drawn.
    #expect(tables[2] == nil)
  }

  @Test("the review page holds each failing step's golden table, the same bytes every time")
  func reviewPageData() throws {
    let path = APIServer.packageRoot.appendingPathComponent("Fixtures/books/actions.log").path
    let golden = try String(contentsOfFile: path, encoding: .utf8)
    let edited = golden.replacingOccurrences(of: "共 90 本", with: "共 91 本")
    func html() -> String {
      var report = VerifyReport(title: "verify", generator: "tableflow test")
      var entry = VerifyReport.Entry(path: "books/actions.jsonl.gz", verdict: .fail)
      (entry.goldenPath, entry.golden, entry.new) = ("books/actions.log", edited, golden)
      report.entries.append(entry)
      return report.html()
    }
    let page = html()
    #expect(page == html())
    #expect(page.contains(#""goldenSections":[["wish","想读","共 91 本","dynamic",false,["#))
    #expect(!page.contains(#""goldenSections":null"#))  // every step of this log reads back
    // The step the failure message names (line 14, books v2) is the one focused, and its lines
    // to mark come from the library's line diff.
    #expect(GoldenLogDifference(expected: edited, actual: golden)?.line == 14)
    #expect(page.contains(#""firstDiff":1,"#))
    #expect(page.contains(#""goldenChanged":[9],"#))
  }
}
