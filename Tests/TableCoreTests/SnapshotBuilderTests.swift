import Testing

@testable import TableCore

@Suite("SnapshotBuilder")
struct SnapshotBuilderTests {
  @Test("a duplicate row id is an error naming both positions")
  func duplicateRowIsRejected() {
    var builder = SnapshotBuilder()
    builder.appendSection(id: "a", rows: Make.rows("x", "y"))
    builder.appendSection(id: "b", rows: Make.rows("z", "x"))
    #expect(throws: SnapshotError.self) { try builder.build() }
    do {
      _ = try builder.build()
    } catch {
      #expect(
        error.description
          == "duplicate row id \"x\" at section 1 row 1, first used at section 0 row 0")
      #expect(error.rowPosition == RowPosition(section: 1, row: 1))
      #expect(error.isDuplicateID)
    }
  }

  @Test("a duplicate section id is an error naming both positions")
  func duplicateSectionIsRejected() {
    do {
      _ = try TableSnapshot(
        validating: [Make.section("a", []), Make.section("b", []), Make.section("a", [])])
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "duplicate section id \"a\" at section 2, first used at section 0")
      #expect(error.sectionIndex == 2)
    }
  }

  @Test("keepFirst drops later duplicates")
  func keepFirstDropsDuplicates() throws {
    let snapshot = try TableSnapshot(
      validating: [
        Make.section("a", Make.rows("x", "y", "x")), Make.section("a", Make.rows("z")),
        Make.section("b", Make.rows("y", "w")),
      ], policy: .keepFirst)
    #expect(snapshot.sections.map(\.id) == ["a", "b"])
    #expect(snapshot.sections[0].rows.map(\.id) == ["x", "y"])
    #expect(snapshot.sections[1].rows.map(\.id) == ["w"])
  }

  @Test("disambiguate renames later duplicates, skipping names already taken")
  func disambiguateRenames() throws {
    let snapshot = try TableSnapshot(
      validating: [Make.section("a", Make.rows("x", "x#2", "x")), Make.section("a", Make.rows("x"))],
      policy: .disambiguate)
    #expect(snapshot.sections.map(\.id) == ["a", "a#2"])
    #expect(snapshot.sections.flatMap(\.rows).map(\.id) == ["x", "x#2", "x#3", "x#4"])
  }

  @Test("empty sections are hidden on request, collapsed ones kept")
  func emptySectionsHidden() throws {
    let sections = [
      Make.section("about", []), Make.section("email", Make.rows("e")),
      Make.section("friends", collapsed: true, []),
    ]
    let hidden = try TableSnapshot(validating: sections, hidingEmptySections: true)
    #expect(hidden.sections.map(\.id) == ["email", "friends"])
    let shown = try TableSnapshot(validating: sections)
    #expect(shown.sections.count == 3)
  }

  @Test("a height that is not finite or negative is rejected", arguments: [-1.0, .infinity, .nan])
  func invalidHeightIsRejected(height: Double) {
    #expect(throws: SnapshotError.self) {
      try TableSnapshot(validating: [Make.section("s", [Make.row("a", height: height)])])
    }
  }
}

@Suite("SnapshotBuilder resolutions")
struct SnapshotBuilderResolutionTests {
  @Test("each dropped or renamed duplicate is reported once, in order")
  func resolutionsReported() throws {
    var builder = SnapshotBuilder(policy: .disambiguate)
    builder.appendSection(Make.section("a", Make.rows("x", "x")))
    builder.appendSection(Make.section("a", Make.rows("y")))
    let built = try builder.buildReporting()
    #expect(
      built.resolutions.map { $0.line() } == [
        "renamed duplicate row 'x' to 'x#2' (section 0 row 1)",
        "renamed duplicate section 'a' to 'a#2' (section 1)",
      ])
    builder.policy = .keepFirst
    #expect(
      try builder.buildReporting().resolutions.map { $0.line(origin: "entry 3 of page p/0") } == [
        "dropped duplicate row 'x' (entry 3 of page p/0)",
        "dropped duplicate section 'a' (entry 3 of page p/0)",
      ])
    builder.policy = .reject
    #expect(throws: SnapshotError.self) { try builder.buildReporting() }
  }

  @Test("an id with a quote or a line break cannot break the line")
  func quotedIDs() {
    let resolution = DuplicateResolution(
      isSection: false, id: "a'\n> select forged", section: 0, row: 1, action: .dropped)
    #expect(resolution.line() == "dropped duplicate row 'a\\'\\n> select forged' (section 0 row 1)")
  }
}
