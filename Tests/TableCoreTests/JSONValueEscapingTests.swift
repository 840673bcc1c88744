import Foundation
import TableCore
import Testing

@Suite("JSON string escaping in logs")
struct JSONValueEscapingTests {
  @Test(
    "escapes quotes, backslashes and control characters, keeps everything else byte for byte",
    arguments: [
      ("plain", #""plain""#),
      ("评分：8.9 📚", #""评分：8.9 📚""#),
      ("say \"hi\"\n", #""say \"hi\"\n""#),
      ("a\\b\tc\r\nd", #""a\\b\tc\r\nd""#),
      ("\u{1}x\u{1F}", #""\u0001x\u001f""#),
      ("\"\u{301}e", "\"\\\"\u{301}e\""),
      ("", #""""#),
    ])
  func escaping(text: String, expected: String) throws {
    var output = ""
    JSONValue.writeString(text, to: &output)
    #expect(output == expected)
    let decoded = try JSONSerialization.jsonObject(with: Data("[\(output)]".utf8)) as? [String]
    #expect(decoded?.first.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
  }
}
