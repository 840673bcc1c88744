import Testing

@testable import TableCore

@Suite("Interchange text, written straight")
struct InterchangeTextTests {
  static func written(_ snapshot: TableSnapshot) -> String {
    var output = ""
    snapshot.writeInterchange(to: &output)
    return output
  }

  @Test("the same bytes as the value's text: titles, collapsed sections, every field kind, escapes")
  func sameAsValue() {
    let row = Row(
      id: "r\"1\n", kind: "k\u{1}",
      model: FieldsModel(
        fields: [
          Field("zeta", .text("想读 \\ \"q\"")), Field("alpha", .integer(-3)), Field("mid", .number(6.7)),
          Field("flag", .bool(true)), Field("none", .null), Field("Upper", .number(44)),
        ], height: 120.5))
    let snapshot = Make.snapshot(
      Make.section("a", header: "Header \u{202E}", [row, Make.row("plain")]),
      Section(id: "b", header: nil, footer: "共 90 本", style: .static, isCollapsed: true, rows: []),
      Make.section("c", []))
    #expect(Self.written(snapshot) == JSONValue(snapshot).text)
    #expect(Self.written(.empty) == JSONValue(TableSnapshot.empty).text)
  }

  @Test("of fields with one name the last is kept, as in an object")
  func duplicateFieldNames() {
    let row = Row(
      id: "r", kind: "k",
      model: FieldsModel(
        fields: [Field("b", .text("first")), Field("a", .integer(1)), Field("b", .text("second"))], height: 1)
    )
    let snapshot = Make.snapshot(Make.section("s", [row]))
    #expect(Self.written(snapshot) == JSONValue(snapshot).text)
    #expect(Self.written(snapshot).contains(#""b":"second""#))
  }

  @Test("random snapshots, 40 seeds", arguments: 0..<40)
  func random(seed: UInt64) {
    var generator = SnapshotPairGenerator(seed: seed)
    let (old, new) = generator.pair()
    #expect(Self.written(old) == JSONValue(old).text)
    #expect(Self.written(new) == JSONValue(new).text)
  }
}
