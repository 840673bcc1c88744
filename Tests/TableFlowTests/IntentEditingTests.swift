import TableCore
import Testing

@testable import TableFlow

@Suite("Intent: edit, toggle, action")
struct IntentEditingTests {
  @Test(
    "each prints to its line and parses back",
    arguments: [
      Intent.edit("username", text: "pmtao"), .edit("username", text: ""),
      .edit("note", text: "two words  here"),
      .edit("note", text: "  leading blanks"), .edit("note", text: "\"quoted\" & more &"),
      .edit("attribute-Date of birth", text: "1835"), .edit("a\"b", text: "x\ny"), .toggle("remember"),
      .toggle("attribute-Date of birth"), .action("book-1000001-info", name: "mark-read"),
      .action("attribute-Date of birth", name: "copy"), .edit("emoji", text: "三体 📚"),
    ])
  func roundTrip(intent: Intent) throws {
    #expect(try Intent.parse(line: intent.description) == intent)
    #expect(try Intent.parse(line: intent.scriptLine) == intent)
  }

  @Test("the grammar: edit takes the first word as the id and the rest as the text")
  func grammar() throws {
    #expect(try Intent.parse(line: "edit username pmtao") == .edit("username", text: "pmtao"))
    #expect(try Intent.parse(line: "edit note  two  words ") == .edit("note", text: "two  words"))
    #expect(try Intent.parse(line: "edit username") == .edit("username", text: ""))
    #expect(try Intent.parse(line: #"edit "a b" "  c""#) == .edit("a b", text: "  c"))
    #expect(try Intent.parse(line: "toggle remember") == .toggle("remember"))
    #expect(
      try Intent.parse(line: "action attribute-Date of birth copy")
        == .action("attribute-Date of birth", name: "copy"))
    #expect(Intent.edit("a b", text: "c").description == #"edit "a b" c"#)
  }

  @Test("a secret edit prints its mask; its script line keeps the text")
  func secretEdit() {
    let intent = Intent.edit("password", text: "douban", isSecret: true)
    #expect(intent.description == "edit password ••••")
    #expect(intent.scriptLine == "edit password douban")
    #expect(!intent.description.contains("douban"))
  }

  @Test(
    "bad lines say what was expected",
    arguments: ["edit", "toggle", "action", "action x", #"edit "a"#, #"edit "a"b c"#])
  func badLines(line: String) {
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: line) }
  }
}
