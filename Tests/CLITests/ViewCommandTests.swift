import Foundation
import TableFlowViewer
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow view and verify --html", .timeLimit(.minutes(5)))
struct ViewCommandTests {
  static func run(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
    let out = MemorySink()
    let err = MemorySink()
    let code = await Tableflow.main(arguments, io: CommandIO(out: out, err: err))
    return (code, out.text, err.text)
  }

  @Test("a page is self-contained and the same bytes every time; it matches the golden page")
  func goldenPage() async throws {
    let fixture = SessionPageTests.fixture("profile/minimal")
    let first = await Self.run(["view", fixture])
    let second = await Self.run(["view", fixture])
    #expect(first.code == .success && first.err.isEmpty)
    #expect(first.out == second.out)
    for external in ["<script src", "<link", "@import", "url(", "<iframe", "<img"] {
      #expect(!first.out.contains(external), "\(external)")
    }
    if let mismatch = try GoldenFile.mismatch(first.out, golden: "profile-minimal.html") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test("-o writes the page to a file and prints nothing")
  func outputFile() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    let page = folder.file("books.html")
    let outcome = await Self.run(["view", SessionPageTests.fixture("books/session"), "-o", page])
    #expect(outcome.code == .success && outcome.out.isEmpty && outcome.err.isEmpty)
    let html = String(decoding: try #require(FileManager.default.contents(atPath: page)), as: UTF8.self)
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains(#""mode":"session""#))
    #expect(html.contains("session.jsonl.gz — TableFlow"))
  }

  @Test(
    "bad input: one line on stderr, the documented exit code",
    arguments: [
      ("missing", 66, "no such file"),
      ("folder", 66, "is a directory"),
      ("badline", 65, "line 2"),
      ("textlog", 65, "not a fixture (no gzip header) nor a jsonl log"),
      ("unwritable", 74, "cannot create a temporary file"),
    ])
  func badInput(kind: String, code: Int32, message: String) async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    var arguments = ["view"]
    switch kind {
    case "missing": arguments.append(folder.file("nothing.jsonl.gz"))
    case "folder": arguments.append(folder.path)
    case "badline":
      try Data("{\"event\":\"intent\",\"intent\":\"load\",\"screen\":\"s\"}\n{\"event\":\"snapshot\"\n".utf8)
        .write(to: URL(fileURLWithPath: folder.file("bad.jsonl")))
      arguments.append(folder.file("bad.jsonl"))
    case "textlog":
      arguments.append(APIServer.packageRoot.appendingPathComponent("Fixtures/profile/minimal.log").path)
    default:
      arguments += [
        SessionPageTests.fixture("profile/minimal"), "-o", folder.file("no/such/folder/page.html"),
      ]
    }
    let outcome = await Self.run(arguments)
    #expect(outcome.code.rawValue == code)
    #expect(outcome.err.contains(message), "\(outcome.err)")
    #expect(outcome.err.filter { $0 == "\n" }.count == 1)
  }

  @Test("verify --html: verdicts, counts, golden and new per step, the command that accepts each")
  func verifyReport() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    let root = APIServer.packageRoot.appendingPathComponent("Fixtures").path
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.file("f"), withIntermediateDirectories: true)
    try manager.copyItem(
      atPath: root + "/profile/minimal.jsonl.gz", toPath: folder.file("f/minimal.jsonl.gz"))
    try manager.copyItem(atPath: root + "/profile/minimal.log", toPath: folder.file("f/minimal.log"))
    try manager.copyItem(atPath: root + "/profile/bare.jsonl.gz", toPath: folder.file("f/bare.jsonl.gz"))
    let golden = try String(contentsOfFile: root + "/profile/bare.log", encoding: .utf8)
    try Data(golden.replacingOccurrences(of: "v2:", with: "v2 (old):").utf8)
      .write(to: URL(fileURLWithPath: folder.file("f/bare.log")))
    try Data("orphan\n".utf8).write(to: URL(fileURLWithPath: folder.file("f/lonely.log")))
    let report = folder.file("report.html")
    let outcome = await Self.run(["verify", folder.file("f"), "--html", report, "--update"])
    #expect(outcome.code == .goldenMismatch)
    let html = String(decoding: try #require(manager.contents(atPath: report)), as: UTF8.self)
    #expect(html.contains(#""counts":{"failed":1,"orphaned":1,"passed":1}"#))
    #expect(html.contains(#""mode":"report""#))
    #expect(html.contains("mv \(folder.file("f/bare.log.new")) \(folder.file("f/bare.log"))"))
    #expect(manager.fileExists(atPath: folder.file("f/bare.log.new")))
    #expect(html.contains(#""verdict":"fail""#) && html.contains(#""firstDiff":"#))
    #expect(!html.contains(#""firstDiff":null,"golden":"\#(folder.file("f/bare.log"))""#))
  }

  @Test("a text log cuts into one block per snapshot, and the lines that led to it")
  func logBlocks() {
    let log = """
      > load
      books v1: 1 section, 1 row
        section 0 tableflow.status [static]
      GET /x → 200, 5 bytes
      books v2: 1 section, 2 rows; 1 stage
        stage 1: 1 row inserted
      > back
      back to books v3 (from reviews)
      error fetch/network in books: HTTP 500 for GET /y v2: x

      """
    let blocks = VerifyReport.blocks(of: log)
    #expect(
      blocks.map(\.title) == [
        "books v1: 1 section, 1 row", "books v2: 1 section, 2 rows; 1 stage",
        "back to books v3 (from reviews)", "after the last snapshot",
      ])
    #expect(
      blocks[1].text
        == "GET /x → 200, 5 bytes\nbooks v2: 1 section, 2 rows; 1 stage\n  stage 1: 1 row inserted\n")
    #expect(VerifyReport.shellQuoted("a b'c") == #"'a b'\''c'"#)
  }
}
