import TestSupport
import Testing

@testable import TableCore

/// `SnapshotBuilder.build(updating:)` must give what `build()` gives, the same snapshot or the
/// same error, for any previous snapshot; and it must take its short path for small changes.
@Suite("Incremental validation")
struct IncrementalValidationTests {
  private func builder(
    _ sections: [Section], policy: DuplicateIDPolicy = .reject, hiding: Bool = false
  ) -> SnapshotBuilder {
    var builder = SnapshotBuilder(policy: policy, hidingEmptySections: hiding)
    for section in sections { builder.appendSection(section) }
    return builder
  }

  /// The outcome of a build as something comparable: the snapshot or the error's text.
  private func outcome(_ build: () throws(SnapshotError) -> TableSnapshot) -> String {
    do {
      return "\(try build().sections.map { ($0.id, $0.rows.map(\.id)) })"
    } catch {
      return "error: \(error.description)"
    }
  }

  /// Checks that the ids' hashes kept with `snapshot` are exactly those of its rows.
  private func expectHashes(of snapshot: TableSnapshot, seed: UInt64) {
    guard let kept = snapshot.rowIDs else {
      Issue.record("seed \(seed): a validated snapshot keeps its hashes")
      return
    }
    let fresh = SnapshotBuilder.rowIDs(of: snapshot.sections)
    for row in snapshot.sections.flatMap(\.rows) {
      let hash = RowIDCounts.hash(row.id)
      #expect(kept.count(of: hash) == fresh.count(of: hash), "seed \(seed): \(row.id)")
    }
    #expect(kept.total == snapshot.rowCount, "seed \(seed): hashes of rows no longer there")
  }

  /// Random edits of a validated snapshot, some bringing duplicate ids (also of rows in the
  /// common prefix or suffix) and invalid heights.
  @Test("random updates: build(updating:) equals build(), errors included, for every policy")
  func randomUpdates() throws {
    for seed in UInt64(60_000)..<60_600 {
      var random = SeededGenerator(seed: seed)
      var generator = SnapshotPairGenerator(seed: seed)
      let (first, second) = generator.pair()
      let previous = try TableSnapshot(validating: first.sections)
      var sections = second.sections
      if !sections.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
        // A row gets the id of another row of the table, anywhere.
        let all = sections.flatMap(\.rows)
        let target = Int.random(in: 0..<sections.count, using: &random)
        if let copied = all.randomElement(using: &random) {
          var rows = sections[target].rows
          let at = Int.random(in: 0...rows.count, using: &random)
          rows.insert(Make.row(copied.id.rawValue, text: "dup"), at: at)
          sections[target] = sections[target].replacingRows(rows)
        }
      }
      if !sections.isEmpty && Int.random(in: 0..<8, using: &random) == 0 {
        let target = Int.random(in: 0..<sections.count, using: &random)
        var rows = sections[target].rows
        if !rows.isEmpty {
          let at = Int.random(in: 0..<rows.count, using: &random)
          rows[at] = Make.row(rows[at].id.rawValue, height: [-1, .nan, .infinity][at % 3])
          sections[target] = sections[target].replacingRows(rows)
        }
      }
      for policy in DuplicateIDPolicy.allCases {
        for hiding in [false, true] {
          let candidate = builder(sections, policy: policy, hiding: hiding)
          let full = outcome { () throws(SnapshotError) in try candidate.build() }
          let incremental = outcome { () throws(SnapshotError) in
            try candidate.build(updating: previous)
          }
          #expect(incremental == full, "seed \(seed) \(policy) hiding \(hiding)")
          if let built = try? candidate.build(updating: previous) {
            #expect(built == (try? candidate.build()), "seed \(seed)")
            expectHashes(of: built, seed: seed)
          }
        }
      }
    }
  }

  @Test("a chain of small updates keeps exact hashes and takes the short path each time")
  func chainOfUpdates() throws {
    var random = SeededGenerator(seed: 7)
    var rows = (0..<300).map { Make.row("r\($0)") }
    var current = try TableSnapshot(validating: [
      Make.section("top", Make.rows("t")), Make.section("s", rows),
    ])
    var counter = 0
    for step in 0..<200 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        counter += 1
        rows.insert(Make.row("n\(counter)"), at: Int.random(in: 0...rows.count, using: &random))
      case 1: if rows.count > 1 { rows.remove(at: Int.random(in: 0..<rows.count, using: &random)) }
      case 2:
        let at = Int.random(in: 0..<rows.count, using: &random)
        rows[at] = Make.row(rows[at].id.rawValue, text: "v\(step)")
      default:
        // A short move: a long one leaves most rows between the common prefix and suffix,
        // and the full pass is then the cheaper one.
        let from = Int.random(in: 0..<rows.count, using: &random)
        let moved = rows.remove(at: from)
        rows.insert(moved, at: min(rows.count, from + Int.random(in: 0...5, using: &random)))
      }
      // Rebuilt as a transform would: every row a new value, the top section as well.
      let rebuilt = rows.map { Row(id: $0.id, kind: $0.kind, model: $0.model) }
      let next = builder([Make.section("top", Make.rows("t")), Make.section("s", rebuilt)])
      guard let quick = next.incrementalBuild(updating: current) else {
        Issue.record("step \(step): the short path was not taken")
        return
      }
      #expect(quick == (try next.build()), "step \(step)")
      expectHashes(of: quick, seed: UInt64(step))
      current = quick
    }
  }

  @Test("the short path hands suspicious changes to the full pass")
  func suspiciousChangesGoTheFullWay() throws {
    let previous = try TableSnapshot(validating: [Make.section("s", Make.rows("a", "b", "c", "d"))])
    // A changed row takes the id of a row in the common prefix.
    let clash = builder([Make.section("s", Make.rows("a", "b", "a", "d"))])
    #expect(clash.incrementalBuild(updating: previous) == nil)
    #expect(throws: SnapshotError.self) { try clash.build(updating: previous) }
    // A small change with fresh ids stays on the short path.
    let fresh = builder([Make.section("s", Make.rows("a", "b", "x", "d"))])
    #expect(fresh.incrementalBuild(updating: previous) != nil)
    // A snapshot made without validation keeps no hashes: the full pass decides.
    let unchecked = TableSnapshot(uncheckedSections: previous.sections)
    #expect(fresh.incrementalBuild(updating: unchecked) == nil)
    #expect(try fresh.build(updating: unchecked) == (try fresh.build()))
    // A section's very rows array costs nothing and is accepted.
    let same = builder(previous.sections)
    #expect(same.incrementalBuild(updating: previous) == previous)
  }

  @Test("appending sections keeps the hashes only when the added ids are new")
  func appendingSections() throws {
    let content = try TableSnapshot(validating: [Make.section("s", Make.rows("a", "b"))])
    let status = Make.section("tableflow.status", Make.rows("tableflow.loading"))
    let shown = content.appendingSections([status])
    #expect(shown.sections.map(\.id) == ["s", "tableflow.status"])
    #expect(shown.rowIDs != nil)
    expectHashes(of: shown, seed: 0)
    let clashing = content.appendingSections([Make.section("t", Make.rows("a"))])
    #expect(clashing.rowIDs == nil)
    #expect(clashing.rowCount == 3)
    // The next version validates against the shown table, status section and all.
    let next = builder([Make.section("s", Make.rows("a", "b", "c"))])
    let quick = try #require(next.incrementalBuild(updating: shown))
    expectHashes(of: quick, seed: 1)
  }
}
