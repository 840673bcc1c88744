import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("replay and verify name recorded requests the session never sent", .timeLimit(.minutes(5)))
struct UnusedRequestTests {
  /// `photos/session` with one more recorded exchange at `url`, as `folder/a.*`.
  static func folder(unused url: String = "/api/photos?page=2") throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory(prefix: "unused-requests")
    try VerifyRun.copy("photos/session", into: folder, as: "a")
    try VerifyRun.addUnusedRequest(to: folder.file("a.jsonl.gz"), url: url)
    return folder
  }

  @Test("the shipped fixtures send every request they recorded")
  func shippedFixturesUseEverything() async throws {
    let run = try await VerifyRun.verify([VerifyRun.fixtures, "--strict"])
    #expect(run.code == .success, "\(run.out)\(run.err)")
    #expect(run.err.isEmpty)
  }

  @Test("replay warns on standard error; the log stays byte-identical to the golden")
  func replayWarns() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let out = MemorySink()
    let err = MemorySink()
    let code = await Tableflow.main(["replay", folder.file("a.jsonl.gz")], io: CommandIO(out: out, err: err))
    #expect(code == .success)
    #expect(out.text == VerifyRun.read(folder.file("a.log")))
    #expect(
      err.text
        == "tableflow: warning: \(folder.file("a.jsonl.gz")): 1 recorded request was never sent: GET /api/photos?page=2\n"
    )
  }

  @Test("verify passes with the warning; --strict fails the session and names the requests")
  func verifyStrict() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let fixture = folder.file("a.jsonl.gz")
    let lenient = try await VerifyRun.verify([folder.path, "--json", folder.file("r.json")])
    #expect(lenient.code == .success)
    #expect(lenient.out.hasPrefix("ok    \(fixture)\n"))
    #expect(
      lenient.err
        == "tableflow: warning: \(fixture): 1 recorded request was never sent: GET /api/photos?page=2\n")
    #expect(VerifyRun.read(folder.file("r.json")).contains(#""unused_requests":["GET /api/photos?page=2"]"#))

    let strict = try await VerifyRun.verify([folder.path, "--strict", "--junit", folder.file("r.xml")])
    #expect(strict.code == .goldenMismatch)
    #expect(
      strict.out.hasPrefix(
        "FAIL  \(fixture): 1 recorded request was never sent: GET /api/photos?page=2 (--strict)\n"))
    #expect(strict.err.isEmpty)
    #expect(
      VerifyRun.read(folder.file("r.xml")).contains(
        "<failure message=\"\(fixture): 1 recorded request was never sent"))
  }

  @Test("the warning escapes what the recording held and cuts long lists and URLs")
  func escapedAndCut() async throws {
    let folder = try Self.folder(unused: "/api/\u{1B}]0;owned\u{7}/" + String(repeating: "x", count: 400))
    defer { folder.cleanUp() }
    for index in 0..<6 {
      try VerifyRun.addUnusedRequest(to: folder.file("a.jsonl.gz"), url: "/more/\(index)")
    }
    let run = try await VerifyRun.verify([folder.path])
    let line = try #require(run.err.split(separator: "\n").first)
    #expect(run.err.split(separator: "\n").count == 1)
    #expect(!line.contains("\u{1B}") && !line.contains("\u{7}"))
    #expect(line.contains(#"GET /api/\u001b]0;owned\u0007/xxx"#))
    #expect(line.contains("… (") && line.contains(" more characters)"))
    #expect(line.contains("7 recorded requests were never sent"))
    #expect(line.hasSuffix("GET /more/3 and 2 more"))
  }
}
