import TableCore
import Testing

@testable import TableFlow

/// One intent grammar (issue 17 items 8 and 14): a quoted id holding blanks is one id for every
/// intent, and every id, text and action name prints in a form that reads back.
@Suite("Intent: quoted ids with blanks")
struct IntentQuotedIDTests {
  static let id = "attribute-Date of birth"

  @Test(
    "a quoted id with blanks parses as one id, whatever the intent",
    arguments: [
      (#"select "attribute-Date of birth""#, Intent.select(RowID(id))),
      (#"collapse "attribute-Date of birth""#, .collapse(SectionID(id))),
      (#"expand  "attribute-Date of birth" "#, .expand(SectionID(id))),
      (#"load-more "attribute-Date of birth""#, .loadMore(SectionID(id))),
      (#"toggle "attribute-Date of birth""#, .toggle(RowID(id))),
      (#"edit "attribute-Date of birth" 1835"#, .edit(RowID(id), text: "1835")),
      (#"edit "attribute-Date of birth" "1835 AD""#, .edit(RowID(id), text: "1835 AD")),
      (#"action "attribute-Date of birth" copy"#, .action(RowID(id), name: "copy")),
      (#"action "attribute-Date of birth" "copy value""#, .action(RowID(id), name: "copy value")),
      (#"action attribute-Date of birth "copy value""#, .action(RowID(id), name: "copy value")),
      (#"action "a \"b\" c" go"#, .action(RowID(#"a "b" c"#), name: "go")),
    ])
  func parsesAsOneID(line: String, intent: Intent) throws {
    #expect(try Intent.parse(line: line) == intent)
    #expect(try ScriptedIntent.parseScript(line + " &") == [ScriptedIntent(intent, sendsNextAtOnce: true)])
  }

  @Test(
    "every id, text and action name prints in a form that reads back",
    arguments: [
      Intent.action(RowID(id), name: "copy value"), .action("row", name: "ends &"),
      .action("row", name: "\"q\""),
      .action(" padded id ", name: "go"), .action("a \"b\" c", name: "x y"), .edit(" x y ", text: " a b "),
      .select(" lead"), .toggle("trail "), .collapse("a\tb"), .loadMore("x \"y\" &"),
    ])
  func roundTrip(intent: Intent) throws {
    #expect(try Intent.parse(line: intent.description) == intent)
    #expect(
      try ScriptedIntent.parseScript(ScriptedIntent(intent, sendsNextAtOnce: true).description) == [
        ScriptedIntent(intent, sendsNextAtOnce: true)
      ])
  }

  @Test("names and ids that need no quotes print as before (goldens unchanged)")
  func plainFormsUnchanged() {
    #expect(
      Intent.action("book-1000001-info", name: "mark-read").description
        == "action book-1000001-info mark-read")
    #expect(Intent.action(RowID(Self.id), name: "copy").description == "action attribute-Date of birth copy")
    #expect(
      Intent.action(RowID(Self.id), name: "copy value").description
        == #"action attribute-Date of birth "copy value""#)
  }

  @Test("malformed quoted forms are one clear error, never a split id")
  func malformed() {
    for line in [#"action "a b" "#, #"action "a b go"#, #"action x "unterminated"#, #"action "" go"#] {
      #expect(throws: IntentSyntaxError.self, "\(line)") { try Intent.parse(line: line) }
    }
  }
}
