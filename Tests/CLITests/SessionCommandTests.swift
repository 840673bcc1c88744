import Foundation
import TestSupport
import Testing

/// `run`, `replay` and `verify` end to end: the built binary against `tools/api-server.py`.
@Suite("tableflow run, replay and verify")
struct SessionCommandTests {
  static let booksIntents = """
    # the books session
    load
    load-more wish
    select book-1000003-rating
    back
    select book-1000003-info
    back
    refresh
    """

  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Records the books session live into `folder/session.jsonl.gz`; returns the live run.
  static func recordBooks(in folder: URL, server: APIServer) throws -> CLIProcess.Outcome {
    let intents = folder.appendingPathComponent("books.intents")
    try Data(booksIntents.utf8).write(to: intents)
    return try CLIProcess.run([
      "run", "books", "--live", server.baseURL.absoluteString, "--intents", intents.path,
      "--record", folder.appendingPathComponent("session.jsonl.gz").path,
    ])
  }

  @Test("a recorded session replays to the same log as the live run, byte for byte")
  func recordThenReplay() throws {
    let server = try APIServer(arguments: ["--prefix", "/v1"])
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let live = try Self.recordBooks(in: folder, server: server)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stderr.isEmpty)
    #expect(live.stdout.contains("> select book-1000003-rating"))
    #expect(live.stdout.contains("精选评论"))
    let fixture = folder.appendingPathComponent("session.jsonl.gz").path
    #expect(FileManager.default.fileExists(atPath: fixture))
    #expect(!FileManager.default.fileExists(atPath: fixture + ".partial"))

    let replay = try CLIProcess.run(["replay", fixture])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == live.stdout)

    // The fixture reads as the session happened: each intent before the requests it caused.
    let records = try CLIProcess.run(["inspect", fixture]).stdout.split(separator: "\n")
      .filter { $0.contains(" intent ") || $0.contains(" request ") }
      .map { $0.contains(" intent ") ? "intent" : "request" }
    #expect(Array(records.prefix(5)) == ["intent", "request", "request", "request", "intent"])

    let jsonl = try CLIProcess.run(["replay", "--format", "jsonl", fixture])
    #expect(jsonl.status == 0)
    let lines = jsonl.stdout.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["event"] is String)
    }
  }

  @Test("replay --expect and verify compare with golden logs; --update writes .new files only")
  func goldenLogs() throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let live = try Self.recordBooks(in: folder, server: server)
    let fixture = folder.appendingPathComponent("session.jsonl.gz").path
    let golden = folder.appendingPathComponent("session.log")
    try Data(live.stdout.utf8).write(to: golden)

    #expect(try CLIProcess.run(["replay", fixture, "--expect", golden.path]).status == 0)
    let verified = try CLIProcess.run(["verify", folder.path])
    #expect(verified.status == 0, "\(verified.stderr)")
    #expect(verified.stdout.contains("1 passed, 0 failed"))

    let stale = "stale golden\n"
    try Data(stale.utf8).write(to: golden)
    let mismatch = try CLIProcess.run(["replay", fixture, "--expect", golden.path])
    #expect(mismatch.status == 1)
    #expect(mismatch.stderr.contains("session.log: line 1"))

    let updated = try CLIProcess.run(["verify", folder.path, "--update"])
    #expect(updated.status == 1)
    #expect(try String(contentsOf: golden, encoding: .utf8) == stale)
    let written = try String(contentsOf: folder.appendingPathComponent("session.log.new"), encoding: .utf8)
    #expect(written == live.stdout)

    try FileManager.default.removeItem(atPath: fixture)
    let orphan = try CLIProcess.run(["verify", folder.path])
    #expect(orphan.status == 1)
    #expect(orphan.stderr.contains("golden log without a fixture"))
  }

  @Test("a truncated .partial replays its complete records, then reports the damage and exits 65")
  func partialFixture() throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.recordBooks(in: folder, server: server)
    let bytes = try Data(contentsOf: folder.appendingPathComponent("session.jsonl.gz"))
    let partial = folder.appendingPathComponent("cut.jsonl.gz.partial")
    try bytes.prefix(bytes.count * 2 / 3).write(to: partial)
    let replay = try CLIProcess.run(["replay", partial.path])
    #expect(replay.status == 65)
    #expect(replay.stdout.hasPrefix("> load\n"))
    #expect(replay.stderr.contains("cut.jsonl.gz.partial"))
    #expect(replay.stderr.contains("truncated"))
  }

  @Test("TABLEFLOW_RECORD=missing fills a fixture's gaps live into a new recording; CI refuses it")
  func recordMissing() throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("first.jsonl.gz").path
    let base = server.baseURL.absoluteString
    #expect(try CLIProcess.run(["run", "books", "--live", base, "--record", first]).status == 0)
    let intents = folder.appendingPathComponent("more.intents")
    try Data("load\nload-more wish\n".utf8).write(to: intents)
    let strict = try CLIProcess.run(["run", "books", "--fixture", first, "--intents", intents.path])
    #expect(strict.status == 69)
    #expect(strict.stderr.contains("not recorded"))

    let second = folder.appendingPathComponent("second.jsonl.gz").path
    let arguments = [
      "run", "books", "--fixture", first, "--live", base, "--intents", intents.path, "--record", second,
    ]
    let filled = try CLIProcess.run(arguments, environment: ["TABLEFLOW_RECORD": "missing", "CI": ""])
    #expect(filled.status == 0, "\(filled.stderr)")
    let replayed = try CLIProcess.run(["replay", second])
    #expect(replayed.status == 0)
    #expect(replayed.stdout == filled.stdout)
    let refused = try CLIProcess.run(arguments, environment: ["TABLEFLOW_RECORD": "missing", "CI": "true"])
    #expect(refused.status == 64)
  }

  @Test("an unreachable server exits 69 after printing the log with its error state")
  func unreachable() throws {
    let server = try APIServer()
    let base = server.baseURL.absoluteString
    server.stop()  // the port is now closed
    let outcome = try CLIProcess.run(["run", "profile", "--live", base])
    #expect(outcome.status == 69)
    #expect(outcome.stdout.hasPrefix("> load\n"))
    #expect(outcome.stdout.contains("retry"))
    #expect(outcome.stderr.contains(base))
  }

  @Test("malformed JSON from the backend exits 65; HTTP 500 exits 69")
  func badBackend() throws {
    let malformed = try APIServer(arguments: ["--fault", "malformed"])
    defer { malformed.stop() }
    let data = try CLIProcess.run(["run", "profile", "--live", malformed.baseURL.absoluteString])
    #expect(data.status == 65)
    #expect(data.stderr.contains("decode"))
    let failing = try APIServer(arguments: ["--fault", "status=500"])
    defer { failing.stop() }
    let http = try CLIProcess.run(["run", "photos", "--live", failing.baseURL.absoluteString])
    #expect(http.status == 69)
    #expect(http.stderr.contains("500"))
  }

  static let badCommandLines: [([String], Int32)] = [
    (["run", "books"], 64),
    (["run", "nosuchfeed", "--fixture", "x.jsonl.gz"], 64),
    (["run", "books", "--live", "ftp://example"], 64),
    (["run", "books", "--param", "novalue", "--live", "http://127.0.0.1:9"], 64),
    (["replay"], 64),
    (["replay", "/nonexistent/session.jsonl.gz"], 66),
    (["run", "books", "--fixture", "/nonexistent/session.jsonl.gz"], 66),
    (["run", "books", "--live", "http://127.0.0.1:9", "--intents", "/nonexistent/intents"], 66),
    (["verify", "/nonexistent-folder"], 66),
  ]

  @Test("usage errors exit 64 and missing files 66, with one line on stderr", arguments: badCommandLines)
  func usageAndMissingFiles(arguments: [String], status: Int32) throws {
    let outcome = try CLIProcess.run(arguments)
    #expect(outcome.status == status)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome.stderr)")
  }
}
