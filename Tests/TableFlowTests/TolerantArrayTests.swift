import Foundation
import TableCore
import Testing

@testable import TableFlow

@Suite("TolerantArray")
struct TolerantArrayTests {
  private struct Page: Codable, Sendable {
    struct Entry: Codable, Hashable, Sendable {
      let id: Int
      let title: String
    }
    let entries: TolerantArray<Entry>
  }

  private func decode(_ json: String) throws -> Page {
    try JSONDecoder().decode(Page.self, from: Data(json.utf8))
  }

  @Test("a bad element becomes an InvalidItem in its place; the others decode")
  func keepsGoodElements() throws {
    let page = try decode(
      #"{"entries":[{"id":1,"title":"a"},{"id":2},{"id":"3","title":"c"},7,{"id":4,"title":null},{"id":5,"title":"e"}]}"#
    )
    #expect(page.entries.count == 6)
    #expect(page.entries.valid == [.init(id: 1, title: "a"), .init(id: 5, title: "e")])
    #expect(
      page.entries.invalid == [
        InvalidItem(index: 1, path: "entries[1].title", reason: "missing key 'title'"),
        InvalidItem(index: 2, path: "entries[2].id", reason: "expected Int, found another type"),
        InvalidItem(
          index: 3, path: "entries[3]", reason: "expected Dictionary<String, Any>, found another type"),
        InvalidItem(index: 4, path: "entries[4].title", reason: "expected String, found null"),
      ])
  }

  @Test("a value that is not an array is still an error")
  func notAnArray() {
    #expect(throws: DecodingError.self) { try decode(#"{"entries":{"id":1}}"#) }
    #expect(throws: DecodingError.self) { try decode(#"{}"#) }
  }

  @Test("the placeholder row is a tableflow.invalid row with the path and the reason")
  func placeholderRow() {
    let row = InvalidItem(index: 0, path: "collections[2].book.title", reason: "expected String, found null")
      .row(id: "bad")
    #expect(row.kind == "tableflow.invalid")
    #expect(
      row.fields == [
        Field("path", .text("collections[2].book.title")),
        Field("reason", .text("expected String, found null")),
      ])
  }

  @Test("encoding writes the valid elements only")
  func encodesValid() throws {
    let page = try decode(#"{"entries":[{"id":1,"title":"a"},{"id":2}]}"#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let text = String(decoding: try encoder.encode(page.entries), as: UTF8.self)
    #expect(text == #"[{"id":1,"title":"a"}]"#)
  }
}
