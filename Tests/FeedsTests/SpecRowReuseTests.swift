import TableFlow
import Testing

@testable import Feeds
@testable import TableCore

/// A refresh that inserts or removes records keeps the rows of the records it only moved
/// (records are equal by value, not by index), and rebuilds the rows that show an index.
@Suite("Spec rows reused across a refresh")
struct SpecRowReuseTests {
  static let spec = """
    { "tableflow-spec": 1, "name": "repos", "entry": "repos", "screens": { "repos": {
      "requests": { "main": { "path": "/repos", "records": "/items" } },
      "sections": [ { "id": "repos", "records": "main", "rows": [
        { "kind": "repo", "id": "repo-${item.id}", "fields": { "name": "${item.name}" } } ] },
        { "id": "ranked", "records": "main", "rows": [
        { "kind": "rank", "id": "rank-${item.id}", "fields": { "at": "${position.index}" } } ] } ] } } }
    """

  static func sections(
    _ items: [String], screen: SpecScreen, state: inout ScreenState<SpecDocument>
  ) throws
    -> [Section]
  {
    let body = "{\"items\":[\(items.joined(separator: ","))]}"
    state.pages = ["main": [try screen.decode(Array(body.utf8))]]
    return try screen.sections(for: state)
  }

  @Test("an insertion keeps the moved records' rows, and rebuilds the placeholder and position rows")
  func insertion() throws {
    let feed = try SpecFeed(json: Array(Self.spec.utf8), file: "repos.tableflow.json")
    let screen = try #require(try feed.rootScreen(parameters: [:]) as? SpecScreen)
    var state = ScreenState<SpecDocument>()
    let a = #"{"id":1,"name":"a"}"#
    let bad = #"{"id":2}"#
    let c = #"{"id":3,"name":"c"}"#
    let before = try Self.sections([a, bad, c], screen: screen, state: &state)
    let after = try Self.sections([#"{"id":0,"name":"new"}"#, a, bad, c], screen: screen, state: &state)
    let fresh = try screen.sections(for: ScreenState(pages: state.pages))
    #expect(after == fresh)
    // The placeholder names the record's new index, as a fresh build does.
    let invalid = try #require(after[0].rows.first { $0.kind == "tableflow.invalid" })
    #expect(invalid.fields.first?.value == .text("items[2].name"))
    // Records that only moved keep their very rows; rows showing `position.index` do not.
    #expect(after[0].rows[1].isSameRow(as: before[0].rows[0]))
    #expect(after[0].rows[3].isSameRow(as: before[0].rows[2]))
    #expect(!after[1].rows[1].isSameRow(as: before[1].rows[0]))
    #expect(after[1].rows[1].fields == [Field("at", .text("1"))])
  }

  @Test("a spec row's text compares and hashes by its bytes, as the log prints it")
  func textByBytes() {
    func model(_ title: String, _ count: Int = 1) -> SpecCellModel {
      SpecCellModel(
        fields: [Field("title", .text(title)), Field("count", .integer(count))], height: 44, prototype: 0)
    }
    let composed = "caf\u{E9} 书"
    let decomposed = "cafe\u{301} 书"
    #expect(composed == decomposed)  // String's canonical equivalence
    #expect(model(composed) != model(decomposed))
    #expect(model(composed) == model("caf\u{E9} " + "书"))
    #expect(model(composed).hashValue == model("caf\u{E9} " + "书").hashValue)
    #expect(model(composed) != model(composed, 2))
    #expect(
      Row(id: "a", kind: "k", model: model(composed)).hasSameDigest(
        as: Row(id: "a", kind: "k", model: model("caf\u{E9} 书"))))
  }
}
