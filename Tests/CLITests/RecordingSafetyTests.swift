import FixtureKit
import Foundation
import TestSupport
import Testing

/// `run --record` never loses the fixture it would replace: failed sessions keep their
/// `.partial`, bad arguments fail before anything is created, two recorders never share a file.
@Suite("recording safety")
struct RecordingSafetyTests {
  static let original = Array("the previous recording: any bytes, kept as they are\n".utf8)

  /// A scratch folder holding `session.jsonl.gz` with `original` in it.
  static func folderWithFixture() throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory(prefix: "tableflow-recording")
    let target = folder.file("session.jsonl.gz")
    try Data(original).write(to: URL(fileURLWithPath: target))
    return (folder, target)
  }

  static func contents(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  enum Backend: String, CaseIterable, Sendable {
    case unreachable, http500
  }

  @Test(
    "a failed re-recording leaves the fixture byte-identical and keeps its .partial",
    arguments: Backend.allCases)
  func failedSessionKeepsFixture(backend: Backend) throws {
    let (folder, target) = try Self.folderWithFixture()
    defer { folder.cleanUp() }
    let server = try APIServer(arguments: backend == .http500 ? ["--fault", "status=500"] : [])
    let base = server.baseURL.absoluteString
    if backend == .unreachable { server.stop() }  // its port is now closed
    defer { server.stop() }
    let outcome = try CLIProcess.run(["run", "photos", "--live", base, "--record", target])
    #expect(outcome.status == 69)
    #expect(Self.contents(target) == Self.original)
    let partial = target + ".partial"
    #expect(FileManager.default.fileExists(atPath: partial))
    #expect(outcome.stderr.contains("not replaced"))
    #expect(outcome.stderr.contains(partial))
    // The kept partial is a complete fixture that says what happened.
    let inspected = try CLIProcess.run(["inspect", partial])
    #expect(inspected.status == 0, "\(inspected.stderr)")
    #expect(inspected.stdout.contains("request  GET /api/photos"))
  }

  @Test(
    "a .partial that is a symbolic or hard link exits 74 and its target keeps its bytes",
    arguments: [true, false])
  func linkedPartialIsNeverWrittenThrough(symbolic: Bool) throws {
    let (folder, target) = try Self.folderWithFixture()
    defer { folder.cleanUp() }
    let notes = folder.file("notes.txt")
    let kept = Array("my notes\n".utf8)
    try Data(kept).write(to: URL(fileURLWithPath: notes))
    let partial = target + ".partial"
    #expect((symbolic ? symlink(notes, partial) : link(notes, partial)) == 0)
    let outcome = try CLIProcess.run(["run", "books", "--live", "http://127.0.0.1:1", "--record", target])
    #expect(outcome.status == 74)
    #expect(outcome.stderr.contains(partial))
    #expect(outcome.stderr.contains(symbolic ? "symbolic link" : "hard links"))
    #expect(Self.contents(notes) == kept)
    #expect(Self.contents(target) == Self.original)
  }

  @Test("bad parameters, a bad intents file or a folder target fail before anything is created")
  func validatesFirst() throws {
    let (folder, target) = try Self.folderWithFixture()
    defer { folder.cleanUp() }
    let badIntents = folder.file("bad.intents")
    try Data("load\njump somewhere\n".utf8).write(to: URL(fileURLWithPath: badIntents))
    let live = "http://127.0.0.1:9"
    let cases: [([String], Int32)] = [
      (["run", "books", "--live", live, "--param", "user=two words", "--record", target], 64),
      (["run", "books", "--live", live, "--intents", badIntents, "--record", target], 65),
    ]
    for (arguments, status) in cases {
      let outcome = try CLIProcess.run(arguments)
      #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stdout.isEmpty)
      #expect(Self.contents(target) == Self.original)
      #expect(!FileManager.default.fileExists(atPath: target + ".partial"), "\(arguments)")
    }
    let directory = folder.file("records")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let outcome = try CLIProcess.run(["run", "books", "--live", live, "--record", directory])
    #expect(outcome.status == 74)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("is a directory"))
    #expect(!FileManager.default.fileExists(atPath: directory + ".partial"))
  }

  @Test("a second recorder of the same path exits 74 at once, naming the file")
  func concurrentRecorders() throws {
    let (folder, target) = try Self.folderWithFixture()
    defer { folder.cleanUp() }
    // This process holds the recording, as a first `tableflow run --record` would.
    let holder = try FixtureWriter(path: target, header: FixtureHeader(feed: "books", tool: "tests"))
    try holder.append(.intent("load"))
    let second = try CLIProcess.run(["run", "books", "--live", "http://127.0.0.1:9", "--record", target])
    #expect(second.status == 74)
    #expect(second.stdout.isEmpty)
    #expect(second.stderr.contains(target + ".partial"))
    #expect(second.stderr.contains("another recording"))
    try holder.finish()
    // The first recording is intact: the second one wrote nothing into it.
    let records = try FixtureReader(path: target).readAll()
    #expect(records.map(\.entry) == [.intent("load")])
  }
}
