import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("Fixture round trips")
struct FixtureRoundTripTests {
  @Test("records read back exactly as written, every type and body form")
  func roundTripOfEveryRecordType() throws {
    let bytes = try Samples.gzipBytes()
    let reader = try FixtureReader(bytes: bytes)
    #expect(reader.header == Samples.header)
    let records = try reader.readAll()
    #expect(records.map(\.entry) == Samples.entries)
    #expect(records.map(\.seq) == Array(1...Samples.entries.count))
  }

  @Test("a file fixture appears under its name only after finish, then reads back")
  func partialFileIsRenamedOnFinish() throws {
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("session.jsonl.gz")
    let writer = try FixtureWriter(path: path, header: Samples.header)
    for entry in Samples.entries { try writer.append(entry) }
    #expect(FileManager.default.fileExists(atPath: path + ".partial"))
    #expect(!FileManager.default.fileExists(atPath: path))
    try writer.finish()
    #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    let reader = try FixtureReader(path: path)
    #expect(try reader.readAll().map(\.entry) == Samples.entries)
    #expect(throws: FixtureError.self) { try writer.append(.intent("late")) }
  }

  @Test("a failed or abandoned re-recording leaves the existing fixture byte-identical")
  func abandonedRecordingKeepsOldFixture() throws {
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("session.jsonl.gz")
    let first = try FixtureWriter(path: path, header: Samples.header)
    try first.append(.intent("load"))
    try first.finish()
    let original = try Data(contentsOf: URL(fileURLWithPath: path))

    let second = try FixtureWriter(path: path, header: Samples.header)
    try second.append(.intent("refresh"))
    second.abandon()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    #expect(!FileManager.default.fileExists(atPath: path + ".partial"))

    // A recording that dies without finishing leaves its .partial beside the intact fixture.
    var third: FixtureWriter? = try FixtureWriter(path: path, header: Samples.header)
    try third?.append(.intent("refresh"))
    third = nil
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    let salvaged = try FixtureReader(path: path + ".partial").readSalvaging()
    #expect(salvaged.records.map(\.entry) == [.intent("refresh")])
    #expect(salvaged.damage?.code == .truncated)
  }

  @Test("random bodies and headers round-trip byte for byte", arguments: [1, 2, 3, 4] as [UInt64])
  func randomRoundTrip(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var entries: [FixtureRecord.Entry] = []
    for index in 0..<200 {
      let body = Samples.randomBody(using: &generator)
      let text = String(decoding: Samples.randomBody(using: &generator, maximumLength: 20), as: UTF8.self)
      switch index % 4 {
      case 0:
        entries.append(
          .request(
            RecordedRequest(
              method: "POST", url: "/p?q=" + text, headers: [FixtureField(text, text)],
              body: Bool.random(using: &generator) ? body : nil)))
      case 1:
        entries.append(
          .response(
            RecordedResponse(
              request: index, status: Int.random(in: 100...599, using: &generator),
              headers: [FixtureField("X", text)], body: body,
              elapsedMilliseconds: Double(Int.random(in: 0...100_000, using: &generator)) / 1000)))
      case 2: entries.append(.intent(text))
      default: entries.append(.error(RecordedFailure(request: nil, code: nil, message: text)))
      }
    }
    let bytes = try Samples.gzipBytes(entries: entries)
    let records = try FixtureReader(bytes: bytes).readAll()
    #expect(records.map(\.entry) == entries)
  }

  @Test("a body of several megabytes with escapes survives exactly")
  func largeBodyRoundTrip() throws {
    let chunk = Array(#"{"title":"三体 \"quoted\"","tabs":"\t\n","id":12345,"u":"\u0001"}"#.utf8)
    let body = Array([[UInt8]](repeating: chunk, count: 2_000_000 / chunk.count).joined())
    let entries: [FixtureRecord.Entry] = [.response(RecordedResponse(request: 1, status: 200, body: body))]
    let records = try FixtureReader(bytes: try Samples.gzipBytes(entries: entries)).readAll()
    #expect(records.first?.entry == entries[0])
  }

  @Test("every record is sync-flushed: a prefix cut at the last flush reads all records")
  func syncFlushAfterEveryRecord() throws {
    let writer = try FixtureWriter(inMemoryWith: Samples.header)
    var cuts: [Int] = []
    for entry in Samples.entries {
      try writer.append(entry)
      cuts.append(writer.compressedBytes)
    }
    try writer.finish()
    let bytes = try #require(writer.finishedBytes())
    for (index, cut) in cuts.enumerated() {
      let salvaged = try FixtureReader(bytes: Array(bytes[0..<cut])).readSalvaging()
      #expect(salvaged.records.count == index + 1)
      #expect(salvaged.damage?.code == .truncated)
    }
  }
}
