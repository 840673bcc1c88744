import FixtureKit
import Foundation
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
