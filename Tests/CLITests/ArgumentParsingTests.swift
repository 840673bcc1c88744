import Testing

@testable import CLIKit

@Suite("Argument parsing")
struct ArgumentParsingTests {
  let spec = CommandSpec(
    name: "run", summary: "Runs a feed.",
    positionals: [.init("FEED", help: "the feed"), .init("EXTRA", required: false, help: "extra")],
    options: [
      .init("--format", value: "FORMAT", allowed: ["text", "jsonl"], help: "log format"),
      .init("--param", value: "K=V", repeatable: true, help: "a parameter"),
    ],
    flags: [.init("--full", help: "print every snapshot whole")])

  @Test("positionals, options with a separate or inline value, and flags")
  func parsesEverything() throws {
    let parsed = try spec.parse(["books", "--format", "jsonl", "--param=user=ann", "--full"])
    #expect(parsed.positionals == ["books"])
    #expect(parsed.value("--format") == "jsonl")
    #expect(parsed.allValues("--param") == ["user=ann"])
    #expect(parsed.has("--full"))
    #expect(!parsed.wantsHelp)
  }

  @Test("a repeatable option keeps every value in order")
  func repeatableOptionKeepsOrder() throws {
    let parsed = try spec.parse(["books", "--param", "a=1", "--param", "b=2"])
    #expect(parsed.allValues("--param") == ["a=1", "b=2"])
  }

  @Test("double dash ends options")
  func doubleDashEndsOptions() throws {
    let parsed = try spec.parse(["--", "--full"])
    #expect(parsed.positionals == ["--full"])
    #expect(!parsed.has("--full"))
  }

  @Test("help anywhere wins over other errors")
  func helpWins() throws {
    let parsed = try spec.parse(["--bogus", "-h"])
    #expect(parsed.wantsHelp)
  }

  @Test(
    "usage errors say what was expected",
    arguments: [
      (["books", "--bogus"], "unknown option '--bogus' for 'run'"),
      (["books", "--format"], "--format expects a value: --format FORMAT"),
      (["books", "--format", "xml"], "--format expects one of text, jsonl (got 'xml')"),
      (["books", "--format", "text", "--format", "jsonl"], "--format may be given only once"),
      (["books", "--full=yes"], "--full takes no value (got '--full=yes')"),
      ([], "missing argument FEED"),
      (["a", "b", "c"], "unexpected argument 'c'"),
    ])
  func usageErrors(arguments: [String], expected: String) {
    #expect {
      _ = try spec.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message.hasPrefix(expected) == true
    }
  }

  @Test("usage and help list every argument")
  func helpListsEverything() {
    #expect(
      spec.usage == "tableflow run FEED [EXTRA] [--format text|jsonl] [--param K=V]... [--full]")
    for name in ["FEED", "EXTRA", "--format FORMAT", "--param K=V", "--full", "--help"] {
      #expect(spec.helpText.contains(name))
    }
  }
}
