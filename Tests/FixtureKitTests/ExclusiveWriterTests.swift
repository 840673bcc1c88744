import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("FixtureWriter: exclusive partial files and kept partials")
struct ExclusiveWriterTests {
  @Test("a second writer of the same path fails with .busy while the first holds it")
  func secondWriterIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("session.jsonl.gz")
    let first = try FixtureWriter(path: path, header: Samples.header)
    try first.append(.intent("load"))
    #expect(throws: FixtureError.self) {
      _ = try FixtureWriter(path: path, header: Samples.header)
    }
    do {
      _ = try FixtureWriter(path: path, header: Samples.header)
    } catch {
      #expect(error.code == .busy)
      #expect(error.file == path + ".partial")
    }
    try first.append(.intent("back"))
    try first.finish()
    #expect(try FixtureReader(path: path).readAll().map(\.entry) == [.intent("load"), .intent("back")])
    // Once the first is done, recording again works.
    let again = try FixtureWriter(path: path, header: Samples.header)
    again.abandon()
  }

  @Test("a partial file left by a dead writer is taken over and emptied")
  func staleParialIsReplaced() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("session.jsonl.gz")
    try Data(repeating: 0x41, count: 100_000).write(to: URL(fileURLWithPath: path + ".partial"))
    let writer = try FixtureWriter(path: path, header: Samples.header)
    try writer.append(.intent("load"))
    try writer.finish()
    #expect(try FixtureReader(path: path).readAll().map(\.entry) == [.intent("load")])
  }

  @Test("closeKeepingPartial leaves the target untouched and a complete fixture at .partial")
  func keepsPartial() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("session.jsonl.gz")
    let previous = Data("previous".utf8)
    try previous.write(to: URL(fileURLWithPath: path))
    let writer = try FixtureWriter(path: path, header: Samples.header)
    for entry in Samples.entries { try writer.append(entry) }
    try writer.closeKeepingPartial()
    #expect(FileManager.default.contents(atPath: path) == previous)
    let reader = try FixtureReader(path: path + ".partial")
    let (records, damage) = reader.readSalvaging()
    #expect(damage == nil)
    #expect(records.map(\.entry) == Samples.entries)
    // The lock went with the file: a new recording may start.
    try FixtureWriter(path: path, header: Samples.header).abandon()
  }

  @Test("a folder as the target fails before any file is created")
  func folderTarget() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    #expect(throws: FixtureError.self) {
      _ = try FixtureWriter(path: folder.path, header: Samples.header)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + ".partial"))
  }

  @Test("a FIFO given as a fixture fails at once instead of blocking")
  func fifoIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let fifo = folder.file("pipe.jsonl.gz")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: FixtureError.self) { _ = try FixtureReader(path: fifo) }
  }
}

@Suite("RecordSummary: inspect's formatting")
struct RecordSummaryTests {
  @Test(
    "decimal never traps and keeps two decimals",
    arguments: [
      (12.5, "12.50"), (0, "0.00"), (-0.25, "-0.25"), (1234.567, "1234.57"), (-3, "-3.00"),
      (9.3e18, "9.3e+18"), (1e308, "1e+308"), (-1e308, "-1e+308"), (.infinity, "inf"),
      (-.infinity, "-inf"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
  func decimal(value: Double, expected: String) {
    #expect(RecordSummary.decimal(value) == expected)
  }

  @Test("NaN formats as nan")
  func notANumber() {
    #expect(RecordSummary.decimal(.nan) == "nan")
  }

  @Test("responses and errors must answer a request recorded before them")
  func consistency() {
    var check = RecordSummary.Consistency()
    let records: [FixtureRecord] = [
      FixtureRecord(seq: 1, entry: .intent("load")),
      FixtureRecord(seq: 2, entry: .response(RecordedResponse(request: 3, status: 200, body: []))),
      FixtureRecord(seq: 3, entry: .request(RecordedRequest(method: "GET", url: "/a"))),
      FixtureRecord(seq: 4, entry: .response(RecordedResponse(request: 3, status: 200, body: []))),
      FixtureRecord(seq: 5, entry: .error(RecordedFailure(request: 1, message: "x"))),
      FixtureRecord(seq: 6, entry: .error(RecordedFailure(message: "session-level"))),
    ]
    let problems = records.map { check.check($0) }
    #expect(problems[0] == nil)
    #expect(problems[1] == "response 2 answers request 3, which comes after it")
    #expect(problems[2] == nil)
    #expect(problems[3] == nil)
    #expect(problems[4] == "error 5 answers 1, which is not a request")
    #expect(problems[5] == nil)
  }
}
