import FixtureKit
import Foundation
import TestSupport
import Testing

/// Issue 17 items 8, 10 and 11 end to end: a live log is its recording's replay (sizes too),
/// even against a backend that echoes secrets; the base URL's secrets stay off stderr; a field
/// is redacted by its secure flag, not by its id; echoed input is cut.
@Suite("live == replay, and what stderr and stdout echo", .serialized)
struct LiveReplayAgreementTests {
  static func hostileServer() throws -> APIServer {
    try APIServer(script: "tools/hostile-server.py", arguments: ["--max-requests", "20", "--lifetime", "90"])
  }

  static func write(_ text: String, in folder: TemporaryDirectory, as name: String) throws -> String {
    let path = folder.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "signing in live against a backend that echoes the password: the live log is the replay's, byte for byte")
  func liveLogIsTheReplay() throws {
    let server = try Self.hostileServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "tableflow-agreement")
    defer { folder.cleanUp() }
    let intents = try Self.write(
      "load\nedit username pmtao\nselect signin-with-password\nedit password echo-pass-5150\nselect submit\n",
      in: folder, as: "signin.intents")
    let fixture = folder.file("signin.jsonl.gz")
    let live = try CLIProcess.run([
      "run", "signin", "--live", server.baseURL.absoluteString + "/signin-echo", "--intents", intents,
      "--record", fixture,
    ])
    #expect(live.status == 0, "\(live.stderr)")
    // The echoed password is shown as the replay will show it, and the sizes agree.
    #expect(!live.stdout.contains("echo-pass-5150"))
    #expect(live.stdout.contains("your password is REDACTED"))
    let replay = try CLIProcess.run(["replay", fixture])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == live.stdout)
    #expect(live.stdout.contains("POST /api/session → 200, "))
  }

  @Test("a secret in the base URL's query never reaches stderr")
  func baseQuerySecretScrubbed() throws {
    let refused = try CLIProcess.run(["run", "profile", "--live", "http://127.0.0.1:1/?api_key=zz-key-88"])
    #expect(refused.status == 69)
    #expect(!refused.stderr.contains("zz-key-88"), "\(refused.stderr)")
    #expect(refused.stderr.contains("api_key=REDACTED"), "\(refused.stderr)")
    let invalid = try CLIProcess.run([
      "run", "profile", "--live", "ftp://127.0.0.1/?access_token=zz-token-99",
    ])
    #expect(invalid.status == 64)
    #expect(!invalid.stderr.contains("zz-token-99"), "\(invalid.stderr)")
  }

  @Test("an edit is redacted by the field's secure flag, not by the spelling of its row id")
  func redactedBySecureFlag() throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "tableflow-agreement")
    defer { folder.cleanUp() }
    let intents = try Self.write(
      "load\nedit signin-with-password typed-here\nselect signin-with-password\nedit password plum-tea-7391\n",
      in: folder, as: "signin.intents")
    let fixture = folder.file("signin.jsonl.gz")
    let live = try CLIProcess.run([
      "run", "signin", "--live", server.baseURL.absoluteString, "--intents", intents, "--record", fixture,
    ])
    // The first edit is to a button (a data error), so the recording is kept as the partial file.
    #expect(live.status == 65, "\(live.stderr)")
    let text = String(decoding: try SecretsCommandTests.zcat(fixture + ".partial"), as: UTF8.self)
    #expect(text.contains(#""intent":"edit signin-with-password typed-here""#), "\(text)")
    #expect(text.contains(#""intent":"edit password REDACTED""#))
    #expect(!text.contains("plum-tea-7391"))
  }

  @Test("a huge select id is echoed cut, on stdout and on stderr")
  func hugeIDIsCut() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-agreement")
    defer { folder.cleanUp() }
    let id = String(repeating: "x", count: 100_000)
    let intents = try Self.write("load\nselect \(id)\n", in: folder, as: "huge.intents")
    for format in ["text", "jsonl"] {
      let outcome = try CLIProcess.run([
        "run", "books", "--fixture", "Fixtures/books/session.jsonl.gz", "--intents", intents, "--format",
        format,
      ])
      #expect(outcome.status == 65)
      #expect(outcome.stderr.count < 1_000, "stderr holds \(outcome.stderr.count) characters")
      if format == "text" {
        #expect(outcome.stdout.split(separator: "\n").allSatisfy { $0.count < 1_000 })
      }
      #expect(outcome.stderr.contains("more characters)"))
    }
  }

  @Test("a 100 KB fixture-header parameter is echoed cut by replay and inspect")
  func hugeHeaderParameterIsCut() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-agreement")
    defer { folder.cleanUp() }
    let path = folder.file("huge.jsonl.gz")
    let writer = try FixtureWriter(
      path: path,
      header: FixtureHeader(
        feed: "books", tool: "tests", params: ["user": String(repeating: "é!", count: 50_000)]))
    try writer.append(.intent("load"))
    try writer.finish()
    let replay = try CLIProcess.run(["replay", path])
    #expect(replay.status == 65)
    #expect(replay.stderr.count < 1_000, "stderr holds \(replay.stderr.count) characters")
    let inspect = try CLIProcess.run(["inspect", path])
    #expect(inspect.stdout.count < 2_000, "stdout holds \(inspect.stdout.count) characters")
  }
}
