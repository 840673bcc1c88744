import FixtureKit
import Foundation
import TestSupport
import Testing

@Suite("tableflow inspect")
struct InspectCommandTests {
  /// Writes a small fixture with one of each record type into a fresh folder.
  static func makeFixture() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-inspect-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("session.jsonl.gz").path
    let writer = try FixtureWriter(
      path: path, header: FixtureHeader(feed: "books", tool: "tests", params: ["user": "ann"]))
    _ = try writer.append(.intent("load"))
    let request = try writer.append(.request(RecordedRequest(method: "GET", url: "/api/profile")))
    _ = try writer.append(
      .response(
        RecordedResponse(
          request: request, status: 200, headers: [], body: Array(#"{"data":{}}"#.utf8),
          elapsedMilliseconds: 12.5)))
    _ = try writer.append(.error(RecordedFailure(request: nil, code: "unreachable", message: "refused")))
    try writer.finish()
    return URL(fileURLWithPath: path)
  }

  @Test("lists the header, every record, sizes and integrity")
  func listsRecords() throws {
    let fixture = try Self.makeFixture()
    defer { try? FileManager.default.removeItem(at: fixture.deletingLastPathComponent()) }
    let outcome = try CLIProcess.run(["inspect", fixture.path])
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    #expect(outcome.stdout.contains("feed     books"))
    #expect(outcome.stdout.contains("param    user=ann"))
    #expect(outcome.stdout.contains("1 intent   load"))
    #expect(outcome.stdout.contains("2 request  GET /api/profile"))
    #expect(outcome.stdout.contains("3 response to 2: 200, body 11 B, 12.50 ms"))
    #expect(outcome.stdout.contains("4 error    unreachable: refused"))
    #expect(outcome.stdout.contains("integrity: ok"))
  }

  @Test("--json prints one object with the records")
  func json() throws {
    let fixture = try Self.makeFixture()
    defer { try? FileManager.default.removeItem(at: fixture.deletingLastPathComponent()) }
    let outcome = try CLIProcess.run(["inspect", "--json", fixture.path])
    #expect(outcome.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    #expect(object["feed"] as? String == "books")
    #expect((object["records"] as? [Any])?.count == 4)
    #expect(object["intact"] as? Bool == true)
  }

  @Test("a truncated fixture lists its complete records, reports the damage and exits 65")
  func truncated() throws {
    let fixture = try Self.makeFixture()
    defer { try? FileManager.default.removeItem(at: fixture.deletingLastPathComponent()) }
    let bytes = try Data(contentsOf: fixture)
    let cut = fixture.deletingLastPathComponent().appendingPathComponent("cut.jsonl.gz.partial")
    try bytes.prefix(bytes.count - 12).write(to: cut)
    let outcome = try CLIProcess.run(["inspect", cut.path])
    #expect(outcome.status == 65)
    #expect(outcome.stdout.contains("1 intent   load"))
    #expect(outcome.stdout.contains("DAMAGED"))
    #expect(outcome.stderr.contains(cut.lastPathComponent))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("missing file exits 66, not a fixture exits 65")
  func badFiles() throws {
    let missing = try CLIProcess.run(["inspect", "/nonexistent/x.jsonl.gz"])
    #expect(missing.status == 66)
    let folder = try Self.makeFixture().deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("text.jsonl.gz")
    try Data("hello".utf8).write(to: text)
    let notGzip = try CLIProcess.run(["inspect", text.path])
    #expect(notGzip.status == 65)
    #expect(notGzip.stderr.contains("text.jsonl.gz"))
  }
}

@Suite("tableflow inspect on hostile fixtures")
struct InspectHostileTests {
  static func fixture(_ entries: [FixtureRecord.Entry], in folder: TemporaryDirectory) throws -> URL {
    let path = folder.file("session.jsonl.gz")
    let writer = try FixtureWriter(path: path, header: FixtureHeader(feed: "books", tool: "tests"))
    for entry in entries { try writer.append(entry) }
    try writer.finish()
    return URL(fileURLWithPath: path)
  }

  /// Gzips JSON Lines written by hand (values the writer would never produce) into a fixture.
  static func handWritten(_ lines: [String], in folder: TemporaryDirectory) throws -> URL {
    let text = folder.file("session.jsonl")
    let header = #"{"format":"tableflow-fixture","version":1,"feed":"books","tool":"tests"}"#
    try Data(([header] + lines).map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: text))
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    gzip.arguments = ["gzip", "-n", text]
    try gzip.run()
    gzip.waitUntilExit()
    return URL(fileURLWithPath: text + ".gz")
  }

  @Test("strings from the fixture are printed escaped: no forged line, no terminal escape")
  func hostileStrings() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-inspect")
    defer { folder.cleanUp() }
    let url = try Self.handWritten(
      [
        #"{"seq":1,"type":"intent","intent":"select x\n  2 intent   forged\u001b[31m"}"#,
        #"{"seq":2,"type":"request","method":"GET","url":"/api/\u2028photos"}"#,
      ], in: folder)
    let outcome = try CLIProcess.run(["inspect", url.path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(!outcome.stdout.contains("\u{1B}") && !outcome.stdout.contains("\u{2028}"))
    #expect(outcome.stdout.contains(#"select x\n  2 intent   forged\u001b[31m"#))
    #expect(outcome.stdout.contains(#"GET /api/\u2028photos"#))
    #expect(!outcome.stdout.contains("\n  2 intent   forged"))
  }

  @Test("huge and negative latencies print instead of trapping", arguments: ["9.3e18", "1e308", "-1e308"])
  func hugeLatency(elapsed: String) throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-inspect")
    defer { folder.cleanUp() }
    let url = try Self.handWritten(
      [
        #"{"seq":1,"type":"request","method":"GET","url":"/api/photos"}"#,
        #"{"seq":2,"type":"response","request":1,"status":200,"body":"","elapsedMs":\#(elapsed)}"#,
      ], in: folder)
    for arguments in [["inspect", url.path], ["inspect", "--json", url.path]] {
      let outcome = try CLIProcess.run(arguments)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.stdout.contains("\(Double(elapsed) ?? 0) ms"))
    }
  }

  @Test("the writer keeps a latency too large to round, as a number the reader accepts")
  func writerKeepsHugeLatency() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-inspect")
    defer { folder.cleanUp() }
    let url = try Self.fixture(
      [
        .request(RecordedRequest(method: "GET", url: "/api/photos")),
        .response(RecordedResponse(request: 1, status: 200, body: [], elapsedMilliseconds: 1e308)),
      ], in: folder)
    let records = try FixtureReader(path: url.path).readAll()
    guard case .response(let response) = records.last?.entry else { throw CancellationError() }
    #expect(response.elapsedMilliseconds == 1e308)
  }

  @Test("a response before its request or to an intent is damage (65), root cause first")
  func responseWithoutRequest() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-inspect")
    defer { folder.cleanUp() }
    let url = try Self.fixture(
      [
        .intent("load"),
        .response(RecordedResponse(request: 3, status: 200, body: [])),
        .request(RecordedRequest(method: "GET", url: "/api/photos")),
        .response(RecordedResponse(request: 1, status: 200, body: [])),
      ], in: folder)
    let outcome = try CLIProcess.run(["inspect", url.path])
    #expect(outcome.status == 65)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.contains("record 2: response 2 answers request 3, which comes after it (and 1 more)")
        == true)
    #expect(outcome.stdout.contains("integrity: DAMAGED"))
    let json = try CLIProcess.run(["inspect", "--json", url.path])
    #expect(json.status == 65)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["intact"] as? Bool == false)
    #expect((object["records"] as? [Any])?.count == 4)
  }

  @Test(
    "replay of a fixture whose response precedes its request names that cause first (65), as inspect does")
  func replayNamesTheCauseFirst() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-inspect")
    defer { folder.cleanUp() }
    let url = try Self.fixture(
      [
        .intent("load"),
        .response(RecordedResponse(request: 3, status: 200, body: [])),
        .request(
          RecordedRequest(method: "GET", url: "/v2/book/user/pmtao/collections?status=wish&start=0&count=20")),
      ], in: folder)
    let outcome = try CLIProcess.run(["replay", url.path])
    #expect(outcome.status == 65, "\(outcome.stderr)")
    let first = outcome.stderr.split(separator: "\n").first ?? ""
    #expect(
      first.contains("record 2") && first.contains("response 2 answers request 3, which comes after it"),
      "\(outcome.stderr)")
  }
}
