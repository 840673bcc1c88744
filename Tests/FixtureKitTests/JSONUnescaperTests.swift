import Testing

@testable import FixtureKit

@Suite("JSONUnescaper")
struct JSONUnescaperTests {
  static func unescape(_ text: String, lenient: Bool = false) throws(JSONUnescaper.Malformed) -> String {
    var bytes = Array(text.utf8)
    let count = bytes.count
    let written = try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONUnescaper.Malformed) -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return try JSONUnescaper.unescape(base, count: count, into: base, lenient: lenient)
    }
    return String(decoding: bytes[..<written], as: UTF8.self)
  }

  @Test("decodes every escape in place, surrogate pairs included, long plain runs untouched")
  func escapes() throws {
    #expect(try Self.unescape(#"a\"b\\c\/d\be\ff\ng\rh\ti"#) == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti")
    #expect(try Self.unescape(#"\u00e9\u4e2d\ud83d\ude00"#) == "é中😀")
    let plain = String(repeating: "江湖 plain text ", count: 20)
    #expect(try Self.unescape(plain + #"\n"# + plain) == plain + "\n" + plain)
  }

  @Test("a lone surrogate becomes U+FFFD")
  func loneSurrogates() throws {
    #expect(try Self.unescape(#"\ud800x"#) == "\u{FFFD}x")
    #expect(try Self.unescape(#"\udc00"#) == "\u{FFFD}")
  }

  @Test("a malformed escape is refused at its backslash, or kept when lenient")
  func malformed() throws {
    #expect(throws: JSONUnescaper.Malformed(offset: 2)) { try Self.unescape(#"ab\qc"#) }
    #expect(throws: JSONUnescaper.Malformed(offset: 1)) { try Self.unescape(#"a\u12"#) }
    #expect(throws: JSONUnescaper.Malformed(offset: 1)) { try Self.unescape(#"a\"#) }
    #expect(try Self.unescape(#"ab\qc\u12"#, lenient: true) == #"abqc\u12"#)
  }

  @Test("text() decodes a string's inside without failing")
  func text() {
    let bytes = Array(#"x\u0041\z"#.utf8)
    #expect(bytes.withUnsafeBufferPointer { JSONUnescaper.text($0) } == "xAz")
  }
}
