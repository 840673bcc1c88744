import TableCore
import Testing

@testable import TableFlow

@Suite("Intent")
struct IntentTests {
  @Test(
    "every intent prints to its line and parses back",
    arguments: [
      Intent.load, .refresh, .select("book-1"), .collapse("about"), .expand("about"), .loadMore("wish"),
      .back,
    ])
  func roundTrip(intent: Intent) throws {
    #expect(try Intent.parse(line: intent.description) == intent)
    #expect(Intent(intent.description) == intent)
  }

  @Test("the line syntax is the intents file's")
  func lineSyntax() {
    #expect(Intent.loadMore("wish").description == "load-more wish")
    #expect(Intent.select("tableflow.error").description == "select tableflow.error")
  }

  @Test("blank lines and comments are not intents")
  func blanksAndComments() throws {
    #expect(try Intent.parse(line: "") == nil)
    #expect(try Intent.parse(line: "   \t") == nil)
    #expect(try Intent.parse(line: "# load the list") == nil)
    #expect(try Intent.parse(line: "  select  a  ") == .select("a"))
    #expect(try Intent.parse(line: "select\tfriend-Becky  Thatcher ") == .select("friend-Becky  Thatcher"))
  }

  @Test("a bad line says what was expected")
  func badLines() {
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: "jump") }
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: "select") }
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: "back now") }
    #expect(Intent("select   ") == nil)
  }

  @Test("a script parses line by line and reports the bad line's number")
  func script() throws {
    let text = "# books session\nload\n\nload-more wish\r\nselect b1\nback\n"
    #expect(try Intent.parseScript(text) == [.load, .loadMore("wish"), .select("b1"), .back])
    #expect(Intent.script([.load, .back]) == "load\nback\n")
    do {
      _ = try Intent.parseScript("load\nfly away\n")
      Issue.record("expected a syntax error")
    } catch {
      #expect(error.line == 2)
      #expect(error.description.hasPrefix("line 2: unknown intent 'fly'"))
    }
  }
}

/// Issue 17 item 14: one grammar: a quoted id is decoded for every intent, and ids that need
/// quotes print quoted, so every intent's line reads back as the same intent.
@Suite("Intent grammar")
struct IntentGrammarTests {
  @Test("a quoted id is decoded for select, collapse, expand, load-more and toggle as for edit")
  func quotedIDsDecoded() throws {
    #expect(try Intent.parse(line: #"select "book-1""#) == .select("book-1"))
    #expect(try Intent.parse(line: #"collapse "about me ""#) == .collapse("about me "))
    #expect(try Intent.parse(line: #"expand "\u0041""#) == .expand("A"))
    #expect(try Intent.parse(line: #"load-more "wish &""#) == .loadMore("wish &"))
    #expect(try Intent.parse(line: #"toggle "say \"hi\"""#) == .toggle(#"say "hi""#))
    #expect(try Intent.parse(line: "select attribute-Date of birth") == .select("attribute-Date of birth"))
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: #"select "book-1"#) }
    #expect(throws: IntentSyntaxError.self) { try Intent.parse(line: #"select "a" b"#) }
  }

  @Test(
    "ids that need quotes print quoted and read back",
    arguments: [
      Intent.select(#""book-1""#), .select(" padded"), .collapse("tab\there"), .expand("ends &"),
      .loadMore("back\\slash"), .toggle("line\u{2028}sep"), .select("attribute-Date of birth"), .select("é读"),
    ])
  func roundTrip(intent: Intent) throws {
    #expect(try Intent.parse(line: intent.description) == intent)
  }

  @Test("ids that need no quotes print as before (goldens stay byte-identical)")
  func plainIDsUnquoted() {
    #expect(Intent.select("attribute-Date of birth").description == "select attribute-Date of birth")
    #expect(Intent.toggle("remember").description == "toggle remember")
    #expect(Intent.select(#""x""#).description == #"select "\"x\"""#)
  }
}
