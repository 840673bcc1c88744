import Testing

@testable import FixtureKit

@Suite("JSONTape")
struct JSONTapeTests {
  static func tape(_ text: String) throws(JSONSyntaxError) -> JSONTape {
    try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
  }

  static func failure(_ text: String) -> JSONSyntaxError? {
    do {
      _ = try tape(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("containers point past their last descendant and count their elements")
  func layout() throws {
    let tape = try Self.tape(#" {"a": [1, {"b": null}, "x"], "c": true} "#)
    let kinds = tape.entries.map(\.kind)
    #expect(kinds == [.object, .string, .array, .number, .object, .string, .null, .string, .string, .true])
    #expect(tape.entries[0].count == 2)
    #expect(tape.entries[0].end == 10)
    #expect(tape.entries[2].count == 3)
    #expect(tape.next(after: 2) == 7 + 1)
    #expect(tape.next(after: 3) == 4)
  }

  @Test(
    "strict as Foundation: each bad document names its cause and byte",
    arguments: [
      ("", "unexpected end of input", 0), ("[1,2", "unexpected end of input", 4),
      ("[01]", "number with leading zero", 1),
      ("[1.", "unexpected end of input", 3), ("[1.x]", "invalid value", 3), ("[-]", "invalid value", 2),
      ("{\"a\" 1}", "invalid value", 5), ("{,}", "invalid value", 1), ("[,]", "invalid value", 1),
      ("[tru]", "invalid value", 1), ("1 2", "garbage at end", 2),
      ("\"a\tb\"", "unescaped control character", 2),
      (#""\x""#, "invalid escape sequence", 1), ("[\"\u{1}\"]", "unescaped control character", 2),
    ])
  func strict(text: String, cause: String, offset: Int) {
    let error = Self.failure(text)
    #expect(error?.cause == cause)
    #expect(error?.offset == offset)
  }

  @Test("Foundation's leniencies: a byte order mark and a trailing comma")
  func leniencies() throws {
    #expect(try Self.tape("\u{FEFF}[1,]").entries.count == 2)
    #expect(try Self.tape(#"{"a":1,}"#).entries[0].count == 1)
  }

  @Test("the line and column of an offset count characters")
  func lineAndColumn() {
    let bytes = Array("{\n  \"中\": x}".utf8)
    #expect(JSONSyntaxError.lineAndColumn(of: 10, in: bytes) == (2, 7))
  }
}
