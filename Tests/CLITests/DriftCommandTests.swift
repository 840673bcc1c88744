import FixtureKit
import Foundation
import TableFlow
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow drift against the loopback backend", .timeLimit(.minutes(5)))
struct DriftCommandTests {
  /// The profile as recorded long ago: `id` a string, a `nickname` since dropped, no `about`
  /// or `pictureUrl` yet, one friend.
  static let oldProfile = #"""
    {"data":{"id":"1","fullName":"Tom Sawyer","nickname":"Tom","email":"old@example.org",\#
    "friends":[{"name":"Huck","pictureUrl":"finn"}],"profileAttributes":[]},"error":0,"message":"Success"}
    """#

  /// Writes a fixture answering each `(request, status, body)` in order.
  static func fixture(
    _ path: String, recorded: String? = nil, _ exchanges: [(RecordedRequest, Int, String)]
  ) throws {
    let writer = try FixtureWriter(
      path: path, header: FixtureHeader(feed: "profile", tool: "tests", recorded: recorded))
    _ = try writer.append(.intent("load"))
    for (request, status, body) in exchanges {
      let seq = try writer.append(.request(request))
      _ = try writer.append(.response(RecordedResponse(request: seq, status: status, body: Array(body.utf8))))
    }
    try writer.finish()
  }

  static func drift(
    _ arguments: [String], now: Date = Date()
  ) async -> (code: ExitCode, out: String, err: String) {
    let out = MemorySink()
    let err = MemorySink()
    let command = DriftCommand(now: { now })
    let io = CommandIO(out: out, err: err)
    do {
      return (await command.run(try command.spec.parse(arguments), io: io), out.text, err.text)
    } catch {
      return (.usage, "", error.message)
    }
  }

  static let profile = RecordedRequest(method: "GET", url: "/api/profile")

  @Test("a fresh recording has its date in the header and no drift; an old one shows each kind of finding")
  func findings() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "drift-tests")
    defer { folder.cleanUp() }
    let fresh = folder.file("fresh.jsonl.gz")
    let recording = await Tableflow.main(
      ["run", "profile", "--live", server.baseURL.absoluteString, "--record", fresh],
      io: CommandIO(out: MemorySink(), err: MemorySink()))
    #expect(recording == .success)
    let recorded = try #require(try FixtureReader(path: fresh).header.recorded)
    #expect(RecordingDate.date(from: recorded).map { abs($0.timeIntervalSinceNow) < 86_400 } == true)
    let same = await Self.drift([fresh, "--live", server.baseURL.absoluteString, "--max-age", "1"])
    #expect(same.code == .success, "\(same.err)")
    #expect(same.out.contains("  GET /api/profile: same shape\n"))

    let old = folder.file("old.jsonl.gz")
    try Self.fixture(old, [(Self.profile, 200, Self.oldProfile)])
    let drifted = await Self.drift([old, "--live", server.baseURL.absoluteString])
    #expect(drifted.code == .goldenMismatch)
    #expect(
      drifted.out == """
        \(old)
          GET /api/profile:
            info     .data.about: added (string)
            error    .data.id: type changed: string → number
            warning  .data.nickname: removed (was string)
            info     .data.pictureUrl: added (string)
        1 fixture, 1 request compared, 0 skipped: 1 error, 1 warning, 2 info

        """)
    let ignored = await Self.drift([
      old, "--live", server.baseURL.absoluteString, "--ignore", ".data.id", "--ignore", "/data/pictureUrl",
    ])
    #expect(ignored.code == .success)
    #expect(ignored.out.hasSuffix("0 errors, 1 warning, 1 info\n"))
    let strict = await Self.drift([
      old, "--live", server.baseURL.absoluteString, "--ignore", ".data.id", "--strict",
    ])
    #expect(strict.code == .goldenMismatch)
    let values = await Self.drift([old, "--live", server.baseURL.absoluteString, "--values", "--json"])
    let lines = values.out.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        #"{"fixture":"\#(old)","kind":"value-changed","live":"3 items","message":".data.friends: value changed: 1 item → 3 items","path":".data.friends","recorded":"1 item","request":"GET /api/profile","severity":"warning"}"#
      ))
    #expect(
      lines.last
        == #"{"errors":1,"fixtures":1,"infos":2,"kind":"summary","requests":1,"skipped":0,"warnings":5}"#)
  }

  @Test("a changed status is an error; the bodies are then not compared")
  func status() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "drift-tests")
    defer { folder.cleanUp() }
    let path = folder.file("s.jsonl.gz")
    try Self.fixture(path, [(Self.profile, 200, Self.oldProfile)])
    try await server.queueFault("status=503", count: 1, pathPrefix: "/api/profile")
    let outcome = await Self.drift([path, "--live", server.baseURL.absoluteString])
    #expect(outcome.code == .goldenMismatch)
    #expect(outcome.out.contains("    error    status changed: 200 → 503\n"))
    #expect(!outcome.out.contains(".data"))
  }

  @Test("redacted secrets: skipped with the reason, or sent when --header supplies the header")
  func redacted() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "drift-tests")
    defer { folder.cleanUp() }
    let path = folder.file("r.jsonl.gz")
    let authorized = RecordedRequest(
      method: "GET", url: "/api/profile", headers: [FixtureField("Authorization", "REDACTED")])
    let keyed = RecordedRequest(method: "GET", url: "/api/profile?api_key=REDACTED")
    try Self.fixture(path, [(authorized, 200, Self.oldProfile), (keyed, 200, Self.oldProfile)])
    let base = server.baseURL.absoluteString
    let skipped = await Self.drift([path, "--live", base, "--ignore", "."])
    #expect(skipped.code == .success)
    #expect(
      skipped.out.contains(
        "  GET /api/profile: skipped: its recorded header Authorization is redacted (give it with --header 'Authorization: …')\n"
      ))
    #expect(
      skipped.out.contains(
        "  GET /api/profile?api_key=REDACTED: skipped: its recorded query item api_key is redacted\n"))
    #expect(skipped.out.hasSuffix("0 requests compared, 2 skipped: 0 errors, 0 warnings, 0 info\n"))
    let supplied = await Self.drift([
      path, "--live", base, "--header", "Authorization: Bearer t", "--ignore", ".",
    ])
    #expect(supplied.out.contains("  GET /api/profile: same shape\n"))
    #expect(supplied.out.hasSuffix("1 request compared, 1 skipped: 0 errors, 0 warnings, 0 info\n"))
  }

  @Test("--max-age fails a fixture recorded longer ago; one without a date is a warning")
  func maxAge() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "drift-tests")
    defer { folder.cleanUp() }
    let dated = folder.file("dated.jsonl.gz")
    let undated = folder.file("undated.jsonl.gz")
    try Self.fixture(dated, recorded: "2026-11-01T00:00:00Z", [])
    try Self.fixture(undated, [])
    let now = try #require(RecordingDate.date(from: "2026-12-02T12:00:00Z"))
    let base = server.baseURL.absoluteString
    let old = await Self.drift([dated, "--live", base, "--max-age", "30"], now: now)
    #expect(old.code == .goldenMismatch)
    #expect(old.out.contains("\(dated) (recorded 2026-11-01T00:00:00Z)\n"))
    #expect(
      old.out.contains("  error    recorded 2026-11-01T00:00:00Z, 31.5 days ago, more than --max-age 30\n"))
    let young = await Self.drift([dated, "--live", base, "--max-age", "40"], now: now)
    #expect(young.code == .success)
    let noDate = await Self.drift([undated, "--live", base, "--max-age", "30"], now: now)
    #expect(noDate.code == .success)
    #expect(noDate.out.contains("  warning  no recording date in the header"))
    let strict = await Self.drift([undated, "--live", base, "--max-age", "30", "--strict"], now: now)
    #expect(strict.code == .goldenMismatch)
  }

  @Test(
    "an unreachable backend exits 69 naming the first request; a bad fixture 65, the others still checked")
  func failures() async throws {
    let server = try APIServer()
    let base = server.baseURL.absoluteString
    server.stop()
    let folder = try TemporaryDirectory(prefix: "drift-tests")
    defer { folder.cleanUp() }
    let path = folder.file("p.jsonl.gz")
    try Self.fixture(path, [(Self.profile, 200, Self.oldProfile)])
    let down = await Self.drift([path, "--live", base])
    #expect(down.code == .unavailable)
    #expect(down.err.hasPrefix("tableflow: \(path): GET /api/profile: the backend \(base) is unavailable: "))
    #expect(down.err.split(separator: "\n").count == 1)

    let live = try APIServer()
    defer { live.stop() }
    let bad = folder.file("bad.jsonl.gz")
    try Data("not a fixture".utf8).write(to: URL(fileURLWithPath: bad))
    let mixed = await Self.drift([
      bad, path, folder.file("missing.jsonl.gz"), "--live", live.baseURL.absoluteString,
    ])
    #expect(mixed.code == .noInput)  // the worst: 66 (missing) over 65 (bad) and 1
    #expect(mixed.err.contains(bad))
    #expect(mixed.err.contains("missing.jsonl.gz: no such file"))
    #expect(mixed.out.contains("error    .data.id: type changed: string → number"))
    let usage = await Self.drift([path])
    #expect(usage.code == .usage)
    #expect(usage.err.contains("drift needs --live URL"))
  }
}
