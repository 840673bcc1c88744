import Testing

@testable import TableCore

@Suite("DuplicateIDRenamer")
struct DuplicateIDRenamerTests {
  @Test("renames to id#2, id#3, … skipping names already taken")
  func skipsTakenNames() {
    var renamer = DuplicateIDRenamer<RowTag>()
    var taken: Set<RowID> = ["a", "a#3"]
    var names: [RowID] = []
    for _ in 0..<3 {
      let name = renamer.unusedVariant(of: "a") { taken.contains($0) }
      taken.insert(name)
      names.append(name)
    }
    #expect(names == ["a#2", "a#4", "a#5"])
    #expect(renamer.probes == 4)
  }

  @Test("each base id counts on its own")
  func countersPerBase() {
    var renamer = DuplicateIDRenamer<SectionTag>()
    var taken: Set<SectionID> = ["a", "b"]
    for id: SectionID in ["a", "b", "a", "b"] {
      taken.insert(renamer.unusedVariant(of: id) { taken.contains($0) })
    }
    #expect(taken == ["a", "b", "a#2", "b#2", "a#3", "b#3"])
  }

  /// The work is counted, not timed: n duplicates of one id cost n - 1 probes, and names
  /// already taken add at most one probe each, so a million duplicates are a million steps
  /// (the quadratic scheme took n²/2 — 5·10¹¹ for a million).
  @Test("renaming n duplicates is linear work", arguments: [1_000, 20_000])
  func linearWork(count: Int) throws {
    var builder = SnapshotBuilder(policy: .disambiguate)
    builder.appendSection(id: "s", rows: (0..<count).map { _ in Make.row("friend-Tom") })
    let built = try builder.buildCountingProbes()
    #expect(built.probes == count - 1)
    #expect(built.resolutions.count == count - 1)
    let ids = built.snapshot.sections[0].rows.map(\.id.rawValue)
    #expect(ids.first == "friend-Tom")
    #expect(ids.last == "friend-Tom#\(count)")
    #expect(Set(ids).count == count)
  }

  @Test("names taken in advance add at most one probe each")
  func takenNamesAreSkippedOnce() throws {
    let count = 20_000
    // "x#2" … "x#10001" exist already, then 10,000 more "x".
    let natural = ["x"] + (2...(count / 2 + 1)).map { "x#\($0)" }
    var builder = SnapshotBuilder(policy: .disambiguate)
    builder.appendSection(id: "s", rows: Make.rows(natural + Array(repeating: "x", count: count / 2)))
    let built = try builder.buildCountingProbes()
    #expect(built.probes <= count)
    #expect(Set(built.snapshot.sections[0].rows.map(\.id)).count == natural.count + count / 2)
  }

  @Test("keepFirst drops 20,000 duplicates, reporting each once")
  func keepFirstManyDuplicates() throws {
    var builder = SnapshotBuilder(policy: .keepFirst)
    builder.appendSection(id: "s", rows: Make.rows(["a"] + Array(repeating: "b", count: 20_000)))
    let built = try builder.buildReporting()
    #expect(built.snapshot.sections[0].rows.map(\.id) == ["a", "b"])
    #expect(built.resolutions.count == 19_999)
    #expect(built.resolutions.first?.line() == "dropped duplicate row 'b' (section 0 row 2)")
  }
}
