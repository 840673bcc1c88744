import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow verify: jobs, shards and expected failures", .timeLimit(.minutes(5)))
struct VerifyCommandTests {
  static var fixtures: String { APIServer.packageRoot.appendingPathComponent("Fixtures").path }

  /// Runs `tableflow verify …` in process.
  static func verify(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
    let out = MemorySink()
    let err = MemorySink()
    let code = await Tableflow.main(["verify"] + arguments, io: CommandIO(out: out, err: err))
    return (code, out.text, err.text)
  }

  /// Copies `Fixtures/FEED/NAME.*` (fixture, golden, sidecar) into `folder`.
  static func copy(_ session: String, into folder: TemporaryDirectory, sidecar: Bool = true) throws {
    let name = String(session.split(separator: "/").last ?? "")
    var suffixes = [".jsonl.gz", ".log"]
    if sidecar { suffixes.append(".expect") }
    for suffix in suffixes {
      try FileManager.default.copyItem(
        atPath: fixtures + "/" + session + suffix, toPath: folder.file(name + suffix))
    }
  }

  /// How many sessions `Fixtures/` holds.
  static var sessionCount: Int {
    let files = FileManager.default.enumerator(atPath: fixtures)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".jsonl.gz") }.count
  }

  @Test("the shipped fixtures pass, the sessions that fail by design included")
  func shippedFixturesPass() async {
    let (code, out, err) = await Self.verify([Self.fixtures])
    #expect(code == .success, "\(err)")
    #expect(err.isEmpty)
    #expect(out.contains("ok    \(Self.fixtures)/books/reviews-error.jsonl.gz (exit 69, as expected)"))
    #expect(out.contains("ok    \(Self.fixtures)/profile/malformed.jsonl.gz (exit 65, as expected)"))
    #expect(out.hasSuffix("\(Self.sessionCount) passed, 0 failed\n"))
  }

  @Test("a session failing by design passes only when it fails exactly as its sidecar says")
  func expectedFailures() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-tests")
    defer { folder.cleanUp() }
    try Self.copy("books/reviews-error", into: folder, sidecar: false)

    let noSidecar = await Self.verify([folder.path])
    #expect(noSidecar.code == .unavailable)
    #expect(noSidecar.out.contains("FAIL  \(folder.path)/reviews-error.jsonl.gz: replay exited 69\n"))
    #expect(noSidecar.err.contains("HTTP 500"))

    let sidecar = folder.file("reviews-error.expect")
    try Data("exit 65\n".utf8).write(to: URL(fileURLWithPath: sidecar))
    let wrongCode = await Self.verify([folder.path])
    #expect(wrongCode.code == .unavailable)
    #expect(wrongCode.out.contains("replay exited 69, expected 65"))

    try Data("exit 69\nstderr HTTP 404\n".utf8).write(to: URL(fileURLWithPath: sidecar))
    let wrongText = await Self.verify([folder.path])
    #expect(wrongText.code == .goldenMismatch)
    #expect(wrongText.out.contains("standard error lacks 'HTTP 404'"))

    try Data("# ok\nexit 69\nstderr HTTP 500\n".utf8).write(to: URL(fileURLWithPath: sidecar))
    let right = await Self.verify([folder.path])
    #expect(right.code == .success)
    #expect(right.err.isEmpty)
    #expect(right.out.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("a session that should fail but succeeds fails verify")
  func expectedFailureThatSucceeds() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-tests")
    defer { folder.cleanUp() }
    try Self.copy("photos/session", into: folder, sidecar: false)
    try Data("exit 69\n".utf8).write(to: URL(fileURLWithPath: folder.file("session.expect")))
    let outcome = await Self.verify([folder.path])
    #expect(outcome.code == .goldenMismatch)
    #expect(outcome.out.contains("FAIL  \(folder.path)/session.jsonl.gz: replay exited 0, expected 69"))
  }

  @Test("a bad sidecar or one without a fixture is reported with its file and line")
  func badSidecars() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-tests")
    defer { folder.cleanUp() }
    try Self.copy("photos/session", into: folder, sidecar: false)
    try Data("exit 69\nexit 65\n".utf8).write(to: URL(fileURLWithPath: folder.file("session.expect")))
    try Data("exit 0\n".utf8).write(to: URL(fileURLWithPath: folder.file("orphan.expect")))
    let outcome = await Self.verify([folder.path])
    #expect(outcome.code == .dataError)
    #expect(outcome.err.contains("\(folder.path)/session.expect: line 2: a second 'exit' line"))
    #expect(outcome.err.contains("\(folder.path)/orphan.expect: expectation without a fixture"))
    #expect(outcome.out.hasSuffix("0 passed, 2 failed\n"))
  }

  @Test("output is in sorted order whatever the number of jobs")
  func stableOrder() async {
    let one = await Self.verify([Self.fixtures, "--jobs", "1"])
    let four = await Self.verify([Self.fixtures, "--jobs", "4"])
    #expect(one.code == .success)
    #expect(four.out == one.out)
    #expect(four.err == one.err)
    let names = one.out.split(separator: "\n").filter { $0.hasPrefix("ok") }
    #expect(names == names.sorted())
  }

  @Test("shards are disjoint and together hold every session")
  func shards() async {
    let whole = await Self.verify([Self.fixtures])
    var seen: [Substring] = []
    for index in 1...3 {
      let shard = await Self.verify([Self.fixtures, "--shard", "\(index)/3"])
      #expect(shard.code == .success)
      let names = shard.out.split(separator: "\n").filter { $0.hasPrefix("ok") }
      #expect(!names.isEmpty)
      #expect(shard.out.hasSuffix("\(names.count) passed, 0 failed\n"))
      seen += names
    }
    #expect(seen.sorted() == whole.out.split(separator: "\n").filter { $0.hasPrefix("ok") })
  }

  @Test(
    "bad --jobs and --shard values are usage errors",
    arguments: [
      ["--jobs", "0"], ["--jobs", "many"], ["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "1"],
      ["--shard", "1/0"],
    ])
  func badValues(_ arguments: [String]) async {
    let outcome = await Self.verify([Self.fixtures] + arguments)
    #expect(outcome.code == .usage)
    #expect(outcome.out.isEmpty)
    #expect(outcome.err.filter { $0 == "\n" }.count == 1)
  }

  @Test("file names are escaped on stdout as on stderr: a name holding a terminal escape clears nothing")
  func escapedNames() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-verify")
    defer { folder.cleanUp() }
    let name = "clear\u{1B}[2J"
    for suffix in [".jsonl.gz", ".log"] {
      try FileManager.default.copyItem(
        atPath: Self.fixtures + "/profile/bare" + suffix, toPath: folder.file(name + suffix))
    }
    try Data("not the log\n".utf8).write(to: URL(fileURLWithPath: folder.file("other\u{1B}]0;x\u{7}.log")))
    try FileManager.default.copyItem(
      atPath: Self.fixtures + "/profile/bare.jsonl.gz", toPath: folder.file("other\u{1B}]0;x\u{7}.jsonl.gz"))
    let outcome = await Self.verify([folder.path, "--update"])
    #expect(outcome.code == .goldenMismatch)
    #expect(
      !outcome.out.contains("\u{1B}") && !outcome.out.contains("\u{7}"), "\(outcome.out.debugDescription)")
    #expect(outcome.out.contains("ok    \(folder.path)/clear\\u001b[2J.jsonl.gz"), "\(outcome.out)")
    #expect(outcome.out.contains("FAIL  \(folder.path)/other\\u001b]0;x\\u0007.jsonl.gz"), "\(outcome.out)")
    #expect(!outcome.err.contains("\u{1B}"))
  }

  @Test("results are delivered in index order even when a later job finishes first")
  func deliveryOrder() async {
    let (firstMayFinish, open) = AsyncStream.makeStream(of: Void.self)
    var delivered: [Int] = []
    await VerifyCommand.forEachInOrder(count: 3, jobs: 2) { index in
      if index == 0 {
        for await _ in firstMayFinish { break }  // job 0 ends only after job 1 has ended
      } else if index == 1 {
        open.yield()
      }
      return index * 10
    } deliver: { index, value in
      #expect(value == index * 10)
      delivered.append(index)
    }
    #expect(delivered == [0, 1, 2])
  }
}

@Suite("NAME.expect sidecars")
struct SessionExpectationTests {
  @Test("exit and stderr lines; comments and blank lines ignored")
  func parses() throws {
    let parsed = try SessionExpectation.parse("# why\n\nexit 69\nstderr HTTP 500\n", file: "x.expect")
    #expect(parsed == SessionExpectation(exitCode: .unavailable, stderrContains: ["HTTP 500"]))
  }

  @Test(
    "malformed sidecars are data errors naming the line",
    arguments: [
      ("exit 3\n", "x.expect: line 1: unknown exit code '3'"),
      ("stderr boom\n", "x.expect: no 'exit CODE' line"),
      ("exit 69\nexpect 69\n", "x.expect: line 2: expected 'exit CODE' or 'stderr TEXT', got 'expect 69'"),
    ])
  func rejects(_ text: String, message: String) {
    #expect(throws: CommandFailure.self) { try SessionExpectation.parse(text, file: "x.expect") }
    do {
      _ = try SessionExpectation.parse(text, file: "x.expect")
    } catch {
      #expect(error.code == .dataError)
      #expect(error.message.hasPrefix(message))
    }
  }

  @Test("a mismatch names the exit seen and the one expected")
  func mismatch() {
    let expectation = SessionExpectation(exitCode: .dataError, stderrContains: ["malformed"])
    #expect(expectation.mismatch(code: .dataError, stderr: "…malformed JSON…") == nil)
    #expect(expectation.mismatch(code: .success, stderr: "") == "replay exited 0, expected 65")
    #expect(SessionExpectation.success.mismatch(code: .unavailable, stderr: "") == "replay exited 69")
  }
}
