import Foundation
import TestSupport
import Testing

@testable import CLIKit

/// An output path never replaces one of the command's inputs, a link or a special file, and a
/// special file given as input is refused before it is opened (it would block forever).
@Suite("output paths: never over an input, a link or a special file", .timeLimit(.minutes(5)))
struct OutputPathTests {
  static func copyOfFixture(_ name: String, into folder: TemporaryDirectory) throws -> String {
    let source = APIServer.packageRoot.appendingPathComponent("Fixtures/\(name).jsonl.gz").path
    let copy = folder.file(URL(fileURLWithPath: source).lastPathComponent)
    try FileManager.default.copyItem(atPath: source, toPath: copy)
    return copy
  }

  static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  @Test("view F -o F is refused (64) and the fixture stays byte-identical")
  func viewOverItsInput() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-output")
    defer { folder.cleanUp() }
    let fixture = try Self.copyOfFixture("profile/minimal", into: folder)
    let before = Self.bytes(fixture)
    let alias = folder.file("alias.jsonl.gz")
    #expect(link(fixture, alias) == 0)  // The same file under another name is the input too.
    for output in [fixture, alias] {
      let outcome = await ViewCommandTests.run(["view", fixture, "-o", output])
      #expect(outcome.code == .usage, "\(outcome.err)")
      #expect(outcome.err.contains("is an input of this command"))
      #expect(outcome.err.filter { $0 == "\n" }.count == 1)
    }
    #expect(Self.bytes(fixture) == before)
  }

  @Test("verify DIR --html DIR/golden.log is refused before any session runs; the golden is kept")
  func reportOverAGolden() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-output")
    defer { folder.cleanUp() }
    let fixture = try Self.copyOfFixture("profile/minimal", into: folder)
    let golden = fixture.replacingOccurrences(of: ".jsonl.gz", with: ".log")
    try FileManager.default.copyItem(
      atPath: APIServer.packageRoot.appendingPathComponent("Fixtures/profile/minimal.log").path,
      toPath: golden)
    let before = Self.bytes(golden)
    let outcome = await ViewCommandTests.run(["verify", folder.path, "--html", golden])
    #expect(outcome.code == .usage, "\(outcome.err)")
    #expect(outcome.err.contains("is an input of this command"))
    #expect(!outcome.out.contains("passed"))
    #expect(Self.bytes(golden) == before)
  }

  @Test("an output that is a symbolic link or a FIFO is refused (74); nothing is written")
  func specialOutputs() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-output")
    defer { folder.cleanUp() }
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/profile/minimal.jsonl.gz").path
    let notes = folder.file("notes.txt")
    let kept = Data("my notes\n".utf8)
    try kept.write(to: URL(fileURLWithPath: notes))
    let link = folder.file("page.html")
    #expect(symlink(notes, link) == 0)
    let fifo = folder.file("pipe.html")
    #expect(mkfifo(fifo, 0o600) == 0)
    for (output, cause) in [
      (link, "symbolic link"), (fifo, "not a regular file"), (folder.path, "directory"),
    ] {
      let outcome = await ViewCommandTests.run(["view", fixture, "-o", output])
      #expect(outcome.code == .ioError, "\(outcome.err)")
      #expect(outcome.err.contains(cause), "\(outcome.err)")
    }
    #expect(Self.bytes(notes) == kept)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["notes.txt", "page.html", "pipe.html"])  // no temporary file left behind
  }

  @Test("view of a FIFO is refused at once (66) instead of blocking")
  func fifoInput() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-output")
    defer { folder.cleanUp() }
    let fifo = folder.file("session.jsonl.gz")
    #expect(mkfifo(fifo, 0o600) == 0)
    let outcome = await ViewCommandTests.run(["view", fifo])
    #expect(outcome.code == .noInput)
    #expect(outcome.err.contains("is a FIFO"))
  }

  @Test("a page replaces an existing regular file atomically and keeps nothing else")
  func replacesRegularFile() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-output")
    defer { folder.cleanUp() }
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/profile/minimal.jsonl.gz").path
    let page = folder.file("page.html")
    try Data("old page".utf8).write(to: URL(fileURLWithPath: page))
    let outcome = await ViewCommandTests.run(["view", fixture, "-o", page])
    #expect(outcome.code == .success, "\(outcome.err)")
    #expect(String(decoding: Self.bytes(page) ?? Data(), as: UTF8.self).hasPrefix("<!doctype html>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["page.html"])
  }
}
