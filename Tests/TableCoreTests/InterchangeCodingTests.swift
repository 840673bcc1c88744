import Foundation
import Testing

@testable import TableCore

@Suite("Interchange JSON")
struct InterchangeCodingTests {
  private func encoded<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test("a snapshot encodes in the DESIGN.md form")
  func snapshotShape() throws {
    let snapshot = Make.snapshot(Make.section("s", header: "H", [Make.row("a", height: 44)]))
    #expect(
      try encoded(snapshot)
        == #"{"sections":[{"collapsed":false,"footer":null,"header":"H","id":"s","rows":[{"fields":{"title":"a"},"height":44,"id":"a","kind":"text"}],"style":"dynamic"}]}"#
    )
  }

  @Test("decoding sorts fields by name and round-trips through FieldsModel rows")
  func decodingSortsFields() throws {
    let json =
      #"{"sections":[{"id":"s","rows":[{"id":"a","kind":"info","height":60,"fields":{"z":1,"a":"text","m":null,"b":true,"n":1.5}}]}]}"#
    let snapshot = try JSONDecoder().decode(TableSnapshot.self, from: Data(json.utf8))
    let row = try #require(snapshot.sections.first?.rows.first)
    #expect(row.fields.map(\.name) == ["a", "b", "m", "n", "z"])
    #expect(row.fields.map(\.value) == [.text("text"), .bool(true), .null, .number(1.5), .integer(1)])
    #expect(row.height == 60)
    let again = try JSONDecoder().decode(TableSnapshot.self, from: Data(try encoded(snapshot).utf8))
    #expect(again == snapshot)
  }

  @Test("a duplicate row id fails decoding with a coding path to the second one")
  func duplicateIDFailsDecoding() {
    let json =
      #"{"sections":[{"id":"s","rows":[{"id":"a","kind":"k","height":1},{"id":"a","kind":"k","height":1}]}]}"#
    do {
      _ = try JSONDecoder().decode(TableSnapshot.self, from: Data(json.utf8))
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == [
          "sections", "0", "rows", "1", "id",
        ])
      #expect(context.debugDescription.contains("first used at section 0 row 0"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("a changeset encodes in the DESIGN.md form")
  func changesetShape() throws {
    let changeset = Make.flat(["b", "a", "c"]).difference(from: Make.flat(["a", "b"]))
    #expect(
      try encoded(changeset)
        == #"{"stages":[{"rowDeletes":[],"rowInserts":[[0,2]],"rowMoves":[[[0,1],[0,0]]],"rowReconfigures":[],"rowReloads":[],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[]}]}"#
    )
  }

  @Test("a section update adds sectionUpdates to its stage, and only then")
  func sectionUpdatesKey() throws {
    let old = Make.snapshot(Make.section("s", header: "3 issues", Make.rows("a", "b", "c")))
    let new = Make.snapshot(Make.section("s", header: "2 issues", Make.rows("a", "c")))
    #expect(
      try encoded(new.difference(from: old))
        == #"{"stages":[{"rowDeletes":[[0,1]],"rowInserts":[],"rowMoves":[],"rowReconfigures":[],"rowReloads":[],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[],"sectionUpdates":[0]}]}"#
    )
    let unchanged = Make.snapshot(Make.section("s", header: "3 issues", Make.rows("a", "c")))
    #expect(try !encoded(unchanged.difference(from: old)).contains("sectionUpdates"))
  }
}
