import FixtureKit
import Foundation
import TableFlow
import TestSupport
import Testing

@testable import CLIKit

/// `Tableflow.main(name:version:feeds:)`: a user's program names itself wherever the tool's
/// name appears. These run its in-process part, `main(_:feeds:io:)` with `io.tool` set.
@Suite("ToolIdentity: a program's own name and version", .timeLimit(.minutes(5)))
struct ToolIdentityTests {
  static let friends = ToolIdentity(name: "friends", version: "2.3.4")

  static func main(
    _ arguments: [String], tool: ToolIdentity = friends
  ) async -> (
    code: ExitCode, out: String, err: String
  ) {
    let out = MemorySink()
    let err = MemorySink()
    let io = CommandIO(out: out, err: err, tool: tool)
    let code = await Tableflow.main(arguments, feeds: [FriendsFeed()], io: io)
    return (code, out.text, err.text)
  }

  /// Whether `text` calls the program `tableflow` (a command line, a usage or an error prefix).
  static func namesTableflow(_ text: String) -> Bool {
    text.contains("tableflow ") || text.contains("tableflow:") || text.contains("'tableflow")
  }

  @Test("--version prints the program's name and version")
  func version() async {
    let (code, out, _) = await Self.main(["--version"])
    #expect(code == .success)
    #expect(out == "friends 2.3.4\n")
  }

  @Test("the built-in tool is tableflow at TableFlow's version")
  func builtinVersion() async {
    let out = MemorySink()
    #expect(await Tableflow.main(["--version"], io: CommandIO(out: out, err: MemorySink())) == .success)
    #expect(out.text == "tableflow \(TableFlowVersion.current)\n")
    #expect(Tableflow.version == TableFlowVersion.current)
    #expect(ToolIdentity.tableflow.description == "tableflow \(TableFlowVersion.current)")
  }

  @Test("--help names the program, and TableFlow's version beside its own")
  func help() async {
    let (code, out, _) = await Self.main(["--help"])
    #expect(code == .success)
    #expect(out.hasPrefix("friends 2.3.4 (TableFlow \(TableFlowVersion.current)): "))
    #expect(out.contains("usage: friends [COMMAND] [OPTIONS]\n"))
    #expect(out.contains("Run 'friends COMMAND --help'"))
    #expect(!Self.namesTableflow(out), "\(out)")
  }

  @Test("every command's --help names the program", arguments: Tableflow.commands.map(\.spec.name))
  func commandHelp(command: String) async {
    let (code, out, _) = await Self.main([command, "--help"])
    #expect(code == .success)
    #expect(out.contains("usage: friends \(command)"))
    #expect(!Self.namesTableflow(out), "\(out)")
  }

  @Test("usage errors name the program")
  func usageErrors() async {
    let unknown = await Self.main(["nope"])
    #expect(unknown.code == .usage)
    #expect(unknown.err.hasPrefix("friends: unknown command 'nope'"))
    #expect(unknown.err.hasSuffix("(see 'friends --help')\n"))

    let option = await Self.main(["run", "--bogus"])
    #expect(option.code == .usage)
    #expect(option.err == "friends: unknown option '--bogus' for 'run'; see 'friends run --help'\n")

    let missing = await Self.main(["replay"])
    #expect(missing.code == .usage)
    #expect(missing.err.hasPrefix("friends: missing argument FIXTURE; usage: friends replay FIXTURE"))
  }

  @Test("a recording names the program in the fixture's header; view and verify --html pages name it")
  func recordingAndPages() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "tool-identity-tests")
    defer { folder.cleanUp() }
    let fixture = folder.file("friends.jsonl.gz")
    let live = await Self.main([
      "run", "friends", "--live", server.baseURL.absoluteString, "--record", fixture,
    ])
    #expect(live.code == .success, "\(live.err)")
    #expect(try FixtureReader(path: fixture).header.tool == "friends 2.3.4")

    let view = await Self.main(["view", fixture, "-o", folder.file("view.html")])
    #expect(view.code == .success, "\(view.err)")
    let viewPage = try String(contentsOfFile: folder.file("view.html"), encoding: .utf8)
    #expect(viewPage.contains("<meta name=\"generator\" content=\"friends 2.3.4\">"))

    // A golden that differs: the review page's accept command runs the program.
    try Data("not the log\n".utf8).write(to: URL(fileURLWithPath: folder.file("friends.log")))
    let verified = await Self.main([
      "verify", folder.path, "--jobs", "1", "--html", folder.file("report.html"),
    ])
    #expect(verified.code == .goldenMismatch, "\(verified.err)")
    let report = try String(contentsOfFile: folder.file("report.html"), encoding: .utf8)
    #expect(report.contains("<meta name=\"generator\" content=\"friends 2.3.4\">"))
    #expect(report.contains("<title>friends verify "))
    #expect(report.contains("--update &&"))  // the accept command, of `friends verify`
    #expect(!report.contains("tableflow verify"))
  }
}
