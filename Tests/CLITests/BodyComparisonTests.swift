import Foundation
import TableFlow
import Testing

@testable import CLIKit

@Suite("drift's body comparison, per JSON path")
struct BodyComparisonTests {
  static func json(_ text: String) throws -> BodyJSON {
    try JSONDecoding.tableFlow.decode(BodyJSON.self, from: Array(text.utf8))
  }

  static func findings(
    _ recorded: String, _ live: String, values: Bool = false, ignoring: [String] = []
  ) throws -> [String] {
    let comparison = BodyComparison(values: values, ignored: try ignoring.map { try DriftPath.parse($0) })
    return comparison.findings(recorded: try json(recorded), live: try json(live)).map {
      "\($0.severity.rawValue) \($0.text)"
    }
  }

  @Test("added is info, removed a warning, a changed type an error")
  func structure() throws {
    let found = try Self.findings(
      #"{"id":"1","name":"Tom","old":true,"tags":["a"]}"#,
      #"{"id":1,"name":"Tom","new":[1],"tags":["b","c"]}"#)
    #expect(
      found == [
        "error .id: type changed: string → number", "info .new: added (array)",
        "warning .old: removed (was boolean)",
      ])
  }

  @Test("array elements merge into one shape: more or fewer items are no finding, a field all lost is")
  func arraysMerge() throws {
    let recorded = #"{"books":[{"id":1,"title":"a","rating":{"average":6.7}},{"id":2,"title":"b"}]}"#
    let live = #"{"books":[{"id":3,"rating":{"average":"7.1"}}]}"#
    #expect(
      try Self.findings(recorded, live) == [
        "error .books[].rating.average: type changed: number → string",
        "warning .books[].title: removed (was string)",
      ])
    // An empty array on either side says nothing about its elements.
    #expect(try Self.findings(recorded, #"{"books":[]}"#) == [])
    #expect(try Self.findings(#"[[1]]"#, #"[["x"]]"#) == ["error .[][]: type changed: number → string"])
  }

  @Test("null is compatible with any kind; a container replaced by a scalar is one type change")
  func nullAndContainers() throws {
    #expect(try Self.findings(#"{"a":null,"b":"x"}"#, #"{"a":"x","b":null}"#) == [])
    #expect(
      try Self.findings(#"{"a":{"b":1,"c":2}}"#, #"{"a":"gone"}"#) == [
        "error .a: type changed: object → string"
      ])
    #expect(
      try Self.findings(#"{"a":[1,"x"]}"#, #"{"a":[1]}"#) == [
        "error .a[]: type changed: number|string → number"
      ])
  }

  @Test("values are compared only when asked, element by element, arrays by length")
  func values() throws {
    let recorded = #"{"n":1,"s":"a","list":[{"t":"x"},{"t":"y"}],"same":4}"#
    let live = #"{"n":2,"s":"a","list":[{"t":"z"}],"same":4.0}"#
    #expect(try Self.findings(recorded, live) == [])
    #expect(
      try Self.findings(recorded, live, values: true) == [
        "warning .list: value changed: 2 items → 1 item", #"warning .list[0].t: value changed: "x" → "z""#,
        "warning .n: value changed: 1 → 2",
      ])
  }

  @Test("--ignore drops findings at or below a path, as printed or as a JSON Pointer")
  func ignoring() throws {
    let recorded = #"{"data":{"id":"1","at":"t","items":[{"when":"x","k":1}]}}"#
    let live = #"{"data":{"id":1,"at":5,"items":[{"when":2,"k":"1"}]}}"#
    #expect(try Self.findings(recorded, live).count == 4)
    #expect(
      try Self.findings(recorded, live, ignoring: [".data.at", "/data/items/*/when", ".data.id"]) == [
        "error .data.items[].k: type changed: number → string"
      ])
    #expect(try Self.findings(recorded, live, ignoring: ["/data"]) == [])
    #expect(try Self.findings(recorded, live, ignoring: ["."]) == [])
    // A pointer's number is that element only.
    #expect(
      try Self.findings(#"{"l":[1,2]}"#, #"{"l":[1,3]}"#, values: true, ignoring: ["/l/1"]) == [])
  }

  @Test(
    "paths print as jq writes them and parse back",
    arguments: [
      ".", ".books[].rating.average", ".books[2].title", #".["odd key"].x"#, #".a["b c"][]"#, ".[]",
    ])
  func pathRoundTrip(text: String) throws {
    #expect(try DriftPath.parse(text).description == text)
  }

  @Test("an --ignore that is neither form is a usage error")
  func badIgnore() {
    #expect(throws: CommandFailure.self) { try DriftPath.parse("data.id") }
    #expect(throws: CommandFailure.self) { try DriftPath.parse(".a[x]") }
  }
}
