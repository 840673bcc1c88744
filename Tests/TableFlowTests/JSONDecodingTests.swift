import FixtureKit
import Foundation
import TableCore
import Testing

@testable import TableFlow

@Suite("JSONDecoding")
struct JSONDecodingTests {
  struct Rating: Codable, Hashable {
    var average: String
    var numRaters: Int
  }
  struct Book: Codable, Hashable {
    var id: String
    var title: String
    var author: [String]
    var isbn13: String?
    var price: Double
    var rating: Rating
    var tags: [String: Int]
    var cover: URL?
    var thumbnail: Data?
    var added: Date?
  }
  struct Page: Codable, Hashable {
    var total: Int
    var start: Int?
    var books: TolerantArray<Book>
  }

  static let page = #"""
    {"total":3,"start":0,"books":[
      {"id":"1","title":"江湖散步 \ud83d\ude00 \"q\" \/ \n","author":["作者"],"isbn13":null,"price":39.5,
       "rating":{"average":"8.1","numRaters":120},"tags":{"a":1,"b":-2},"cover":"https://x.test/c.png",
       "thumbnail":"aGVsbG8=","added":12.5},
      {"id":"2","title":"Two","author":["a\"b","書 \u00e9",""],"price":1e2,"rating":{"average":"0","numRaters":0},"tags":{}},
      {"id":"3","title":7,"author":[],"price":1,"rating":{"average":"0","numRaters":0},"tags":{}}
    ]}
    """#

  static func both<Value: Decodable>(
    _ type: Value.Type, _ json: String
  ) -> (Result<Value, any Error>, Result<Value, any Error>) {
    let bytes = Array(json.utf8)
    return (
      Result { try JSONDecoding.tableFlow.decode(type, from: bytes) },
      Result { try JSONDecoding.foundation.decode(type, from: bytes) }
    )
  }

  @Test("a page decodes to the same value as with Foundation, TolerantArray included")
  func sameValues() throws {
    let (ours, peer) = Self.both(Page.self, Self.page)
    let page = try ours.get()
    #expect(page == (try peer.get()))
    #expect(page.books.valid.count == 2)
    #expect(
      page.books.invalid == [
        InvalidItem(index: 2, path: "books[2].title", reason: "expected String, found another type")
      ])
    #expect(page.books.valid.first?.title == "江湖散步 😀 \"q\" / \n")
    #expect(page.books.valid.last?.author == ["a\"b", "書 é", ""])
    #expect(page.books.valid.first?.thumbnail == Data("hello".utf8))
  }

  @Test(
    "errors are the same kind with the same coding path as Foundation's",
    arguments: [
      #"{"total":1,"books":[{"id":"1"}]}"#,
      #"{"total":"1","books":[]}"#,
      #"{"total":null,"books":[]}"#,
      #"{"books":[]}"#,
      #"{"total":1,"books":{}}"#,
      #"{"total":1.5,"books":[]}"#,
      #"{"total":1,"books":[{"id":"1","title":"t","author":[1],"price":1,"rating":{"average":"0","numRaters":0},"tags":{}}]}"#,
      #"{"total":1,"books":[{"id":"1","title":"t","author":["a",null],"price":1,"rating":{"average":"0","numRaters":0},"tags":{}}]}"#,
      #"{"total":1,"books":[{"id":"1","title":"t","author":["a",["b"]],"price":1,"rating":{"average":"0","numRaters":0},"tags":{}}]}"#,
      #"{"total":1,"books":[{"id":"1","title":"t","author":[{"a":"b"}],"price":1,"rating":{"average":"0","numRaters":0},"tags":{}}]}"#,
      #"{"total":1,"books":[{"id":"1","title":"t","author":"a","price":1,"rating":{"average":"0","numRaters":0},"tags":{}}]}"#,
      #"[]"#,
      #"null"#,
    ])
  func sameErrors(json: String) {
    struct Strict: Decodable {
      var total: Int
      var books: [Book]
    }
    let (ours, peer) = Self.both(Strict.self, json)
    #expect(ErrorShape(ours) == ErrorShape(peer))
    #expect(ErrorShape(ours) != nil)
  }

  @Test("a syntax error names its cause and byte offset")
  func syntaxError() throws {
    let error = try #require(Self.syntax(#"{"a": [1, 2,, 3]}"#))
    #expect(error.cause == "invalid value")
    #expect(error.offset == 12)
    #expect(CodingPathText.text(error.path) == "a[2]")
    #expect(Self.syntax(#"{"a": "cut"#)?.cause == "unexpected end of input")
    #expect(Self.syntax(#"{"a": "cut"#)?.offset == 10)
    #expect(Self.syntax(#"{"a": 1} x"#)?.cause == "garbage at end")
  }

  static func syntax(_ json: String) -> JSONSyntaxError? {
    do {
      _ = try JSONDecoding.tableFlow.decode([String: [Int]].self, from: Array(json.utf8))
      return nil
    } catch let DecodingError.dataCorrupted(context) {
      return context.underlyingError as? JSONSyntaxError
    } catch {
      return nil
    }
  }

  @Test("deep nesting is an error with a coding path, not a crash, at any depth")
  func deepNesting() throws {
    for depth in [513, 100_000] {
      let json = String(repeating: #"{"a":["#, count: depth) + String(repeating: "]}", count: depth)
      let error = try #require(Self.syntax(json))
      #expect(error.cause == "too many nested arrays or dictionaries")
      #expect(CodingPathText.text(error.path).hasPrefix("a[0].a[0]"))
    }
    let fine = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    #expect(throws: Never.self) { try JSONDecoding.tableFlow.decode(SkipAll.self, from: Array(fine.utf8)) }
  }

  struct SkipAll: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  @Test("invalid UTF-8 and lone surrogates are errors with a coding path")
  func invalidText() throws {
    var bytes = Array(#"{"list":[{"name":"ok"},{"name":"x"#.utf8)
    bytes += [0xC3, 0x28]
    bytes += Array(#""}]}"#.utf8)
    let utf8 = try #require(Self.syntax(bytes))
    #expect(utf8.cause == "invalid UTF-8 sequence")
    #expect(CodingPathText.text(utf8.path) == "list[1].name")
    let surrogate = try #require(Self.syntax(Array(#"{"a":"\ud800"}"#.utf8)))
    #expect(surrogate.cause.hasPrefix("invalid escape sequence"))
    #expect(CodingPathText.text(surrogate.path) == "a")
  }

  @Test("non-ASCII keys and values, with and without escapes, decode as Foundation's; bad bytes are refused")
  func nonASCIIKeys() throws {
    struct Entry: Codable, Hashable {
      var name: String
      var notes: [String]
      var price: Int?
      enum CodingKeys: String, CodingKey {
        case name = "名前"
        case notes = "メモ"
        case price = "prix_é"
      }
    }
    let json = #"[{"名前":"本","メモ":["一","\u4e8c\n三","four"],"prix_\u00e9":5},{"メモ":[],"名前":"é"}]"#
    let (ours, peer) = Self.both([Entry].self, json)
    #expect(try ours.get() == peer.get())
    #expect(try ours.get().first?.notes == ["一", "二\n三", "four"])
    #expect(try ours.get().last?.price == nil)
    // The same document with one byte of a key's text damaged, then one of a value's.
    var bytes = Array(json.utf8)
    let key = try #require(bytes.firstIndex(of: 0xE3))
    bytes[key + 1] = 0x41
    let error = try #require(Self.syntax(bytes))
    #expect(error.cause == "invalid UTF-8 sequence")
    #expect(error.offset == key)
    // A key that cannot be read leaves the path at the key before it.
    #expect(CodingPathText.text(error.path) == "[0].名前")
    bytes = Array(json.utf8)
    let value = try #require(bytes.lastIndex(of: 0xC3))
    bytes[value] = 0xFF
    #expect(Self.syntax(bytes)?.offset == value)
    #expect(Self.syntax(bytes).map { CodingPathText.text($0.path) } == "[1].名前")
  }

  @Test("keys are found wherever each object of a model has them, not where the previous one did")
  func keysMove() throws {
    struct Inner: Codable, Hashable {
      var a: Int
      var b: Int
    }
    struct Item: Codable, Hashable {
      var a: Int
      var b: Int?
      var c: Inner?
    }
    // The second object holds, where the first had its key `a`, the `a` of a nested object;
    // the last ones are shorter than where the others had their keys.
    let json = #"""
      [{"x":0,"a":1,"b":2},{"c":{"a":10,"b":20},"a":3,"b":4},{"b":6,"a":5},{"a":7},{"b":8,"x":{"a":9},"a":11},
       {"x":0,"a":1,"b":2},{"a":12}]
      """#
    let (ours, peer) = Self.both([Item].self, json)
    let items = try ours.get()
    #expect(items == (try peer.get()))
    #expect(items.map(\.a) == [1, 3, 5, 7, 11, 1, 12])
    #expect(items.map(\.b) == [2, 4, 6, nil, 8, 2, nil])
    #expect(items[1].c == Inner(a: 10, b: 20))
  }

  @Test("a key guess is given back only for the type and the place it was noted for")
  func keyGuesses() {
    enum First: CodingKey { case a }
    enum Second: CodingKey { case a }
    let guesses = KeyGuesses()
    let first = KeyGuesses.identity(of: First.self)
    let second = KeyGuesses.identity(of: Second.self)
    #expect(guesses.offset(type: first, after: 0) == 0)
    guesses.record(type: first, after: 0, offset: 3)
    guesses.record(type: first, after: 5, offset: 1)
    #expect(guesses.offset(type: first, after: 0) == 3)
    #expect(guesses.offset(type: first, after: 5) == 1)
    #expect(guesses.offset(type: second, after: 0) == 0)
    #expect(guesses.offset(type: first, after: 4) == 0)
    guesses.record(type: first, after: 0, offset: 7)
    #expect(guesses.offset(type: first, after: 0) == 7)
  }

  static func syntax(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONDecoding.tableFlow.decode(SkipAll.self, from: bytes)
      return nil
    } catch let DecodingError.dataCorrupted(context) {
      return context.underlyingError as? JSONSyntaxError
    } catch {
      return nil
    }
  }

  @Test("a duplicate key is an error naming the key and its object's path")
  func duplicateKeys() throws {
    let error = try #require(Self.syntax(Array(#"{"list":[{"id":1,"name":"a","\u0069d":2}]}"#.utf8)))
    #expect(error.cause == #"duplicate key "id" in one object"#)
    #expect(CodingPathText.text(error.path) == "list[0]")
    let many = (0..<40).map { #""k\#($0)":1"# }.joined(separator: ",") + #","k7":2"#
    #expect(Self.syntax(Array("{\(many)}".utf8))?.cause == #"duplicate key "k7" in one object"#)
  }

  @Test("numbers that do not fit are dataCorrupted at their coding path")
  func hugeNumbers() {
    struct Numbers: Decodable {
      var small: UInt8?
      var whole: Int?
      var real: Double?
    }
    for json in [
      #"{"small":300}"#, #"{"whole":99999999999999999999}"#, #"{"real":1e400}"#, #"{"whole":1.5}"#,
    ] {
      let (ours, peer) = Self.both(Numbers.self, json)
      guard case .failure(DecodingError.dataCorrupted(let context)) = ours else {
        Issue.record("\(json) decoded")
        continue
      }
      #expect(context.codingPath.count == 1)
      #expect(context.debugDescription.hasPrefix("Parsed JSON number <"))
      #expect(throws: DecodingError.self) { try peer.get() }
    }
  }

  @Test("a screen decodes with the package's decoder unless it picks Foundation's")
  func screenDefault() {
    struct Plain: Screen {
      var name: String { "plain" }
      func sections(for state: ScreenState<Page>) throws -> [Section] { [] }
    }
    struct Legacy: Screen {
      var name: String { "legacy" }
      var jsonDecoding: JSONDecoding { .foundation }
      func sections(for state: ScreenState<Page>) throws -> [Section] { [] }
    }
    #expect(Plain().jsonDecoding == .tableFlow)
    #expect(Legacy().jsonDecoding == .foundation)
    // Only the package's decoder refuses a duplicate key, so it tells which one ran.
    let duplicate = Array(#"{"total":1,"total":2,"books":[]}"#.utf8)
    #expect(throws: DecodingError.self) { try Plain().decode(duplicate) }
    #expect((try? Legacy().decode(duplicate))?.total == 1)
  }
}

/// A decoding error reduced to what both decoders must agree on: its case and coding path.
struct ErrorShape: Equatable {
  var kind: String
  var path: String

  init?<Value>(_ result: Result<Value, any Error>) {
    guard case .failure(let error) = result, let error = error as? DecodingError else { return nil }
    switch error {
    case .typeMismatch(_, let context):
      (kind, path) = ("typeMismatch", CodingPathText.text(context.codingPath))
    case .valueNotFound(_, let context):
      (kind, path) = ("valueNotFound", CodingPathText.text(context.codingPath))
    case .keyNotFound(let key, let context):
      (kind, path) = ("keyNotFound", CodingPathText.text(context.codingPath + [key]))
    case .dataCorrupted: (kind, path) = ("dataCorrupted", "")
    @unknown default: (kind, path) = ("unknown", "")
    }
  }
}
