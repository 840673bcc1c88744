import Testing

@testable import TableCore

@Suite("Text escaping")
struct TextEscapingTests {
  @Test(
    "quoted text escapes what could break or disguise a line, keeps the rest byte for byte",
    arguments: [
      ("plain", #""plain""#),
      ("评分：8.9 📚", #""评分：8.9 📚""#),
      ("say \"hi\"\n", #""say \"hi\"\n""#),
      ("\u{1B}[31mred", #""\u001b[31mred""#),
      ("del\u{7F}", #""del\u007f""#),
      ("c1\u{85}next", #""c1\u0085next""#),
      ("line\u{2028}sep", #""line\u2028sep""#),
      ("\u{202E}txt.exe", #""\u202etxt.exe""#),
      ("iso\u{2066}late", #""iso\u2066late""#),
      ("bom\u{FEFF}", #""bom\ufeff""#),
      ("é\u{0301}", "\"é\u{0301}\""),
    ])
  func quoted(text: String, expected: String) {
    #expect(TextEscaping.quoted(text) == expected)
  }

  @Test("ids stay bare unless something in them needs escaping")
  func tokens() {
    #expect(TextEscaping.token("book-1000001-info") == "book-1000001-info")
    #expect(TextEscaping.token("attribute-Date of birth") == "attribute-Date of birth")
    #expect(TextEscaping.token("想读") == "想读")
    #expect(TextEscaping.token("x\n> select forged\n\u{1B}[31m") == #""x\n> select forged\n\u001b[31m""#)
    #expect(TextEscaping.token("") == #""""#)
    #expect(TextEscaping.token(" padded") == #"" padded""#)
    #expect(TextEscaping.token("a\"b") == #""a\"b""#)
  }

  @Test("free text keeps quotes but never a line break or an escape sequence")
  func inline() {
    #expect(TextEscaping.inline("HTTP 404 for \"x\"") == "HTTP 404 for \"x\"")
    #expect(TextEscaping.inline("a\nb\u{1B}c") == #"a\nb\u001bc"#)
  }

  @Test("echoed input is cut after the limit and says how much was left out")
  func echoed() {
    let long = String(repeating: "x", count: 10_000_000)
    let echoed = TextEscaping.echoed(long)
    #expect(echoed == String(repeating: "x", count: 80) + "… (9999920 more characters)")
    #expect(TextEscaping.echoed("short\n") == #"short\n"#)
  }
}
