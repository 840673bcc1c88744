import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("Hostile fixture files")
struct HostileFileTests {
  /// Opens and reads everything it can, never crashing.
  private func salvage(
    _ bytes: [UInt8], limits: FixtureLimits = .standard
  ) -> (records: [FixtureRecord], damage: FixtureError?) {
    do {
      let reader = try FixtureReader(bytes: bytes, name: "hostile.jsonl.gz", limits: limits)
      return reader.readSalvaging()
    } catch {
      return ([], error)
    }
  }

  private func gzip(_ text: String) throws -> [UInt8] {
    try gzipInProcess(Array(text.utf8))
  }

  private static let header = #"{"format":"tableflow-fixture","version":1,"feed":"books","tool":"t"}"#

  @Test("a file truncated at any byte yields a prefix of its records, then a truncation error")
  func truncatedAtEveryByte() throws {
    let bytes = try Samples.gzipBytes()
    let full = try FixtureReader(bytes: bytes).readAll()
    for cut in 0..<bytes.count {
      let (records, damage) = salvage(Array(bytes[0..<cut]))
      #expect(Array(full.prefix(records.count)) == records)
      let error = try #require(damage, "cut at \(cut) read as complete")
      #expect([.empty, .notGzip, .truncated, .notFixture].contains(error.code), "cut \(cut): \(error)")
      #expect(error.file == "hostile.jsonl.gz")
      if cut == 0 { #expect(error.code == .empty) }
    }
  }

  @Test("a flipped bit anywhere is reported, or leaves the records exactly as written")
  func bitFlipsAreDetected() throws {
    let bytes = try Samples.gzipBytes()
    let full = try FixtureReader(bytes: bytes).readAll()
    var detected = 0
    for bit in 0..<(bytes.count * 8) {
      var flipped = bytes
      flipped[bit / 8] ^= UInt8(1 << (bit % 8))
      let (records, damage) = salvage(flipped)
      if damage == nil {
        // Unchecked bits exist: the gzip header's MTIME, XFL, OS and FTEXT, and the padding
        // bits that byte-align each sync flush. They must not change a record.
        #expect(records == full, "bit \(bit) changed the records without an error")
      } else {
        detected += 1
      }
    }
    #expect(detected > bytes.count * 8 * 95 / 100)
  }

  @Test("empty, not gzip, trailing garbage")
  func notAGzipFile() throws {
    #expect(salvage([]).damage?.code == .empty)
    #expect(salvage(Array("hello, world\n".utf8)).damage?.code == .notGzip)
    #expect(salvage([0x1F]).damage?.code == .notGzip)
    let valid = try Samples.gzipBytes()
    let (records, damage) = salvage(valid + Array("garbage".utf8))
    #expect(records.count == Samples.entries.count)
    #expect(damage?.code == .corrupt)
  }

  @Test("gzip of something that is not JSON Lines, or not our header")
  func gzipButNotAFixture() throws {
    let binary = try gzipInProcess(Array([[UInt8]](repeating: Array(0...255), count: 8).joined()))
    #expect(salvage(binary).damage?.code == .notFixture)
    #expect(salvage(try gzip("{\"a\":1}\n")).damage?.code == .notFixture)
    #expect(salvage(try gzip("\n")).damage?.code == .notFixture)
    let otherFormat = #"{"format":"vcr-cassette","version":1,"feed":"x","tool":"y"}"# + "\n"
    let error = try #require(salvage(try gzip(otherFormat)).damage)
    #expect(error.code == .notFixture)
    #expect(error.description.contains("vcr-cassette"))
    let future = #"{"format":"tableflow-fixture","version":2,"feed":"x","tool":"y"}"# + "\n"
    #expect(salvage(try gzip(future)).damage?.code == .unsupportedVersion)
  }

  @Test("a malformed record is named by its record number after the good ones")
  func malformedRecordIsNamed() throws {
    let lines = [
      Self.header, #"{"seq":1,"type":"intent","intent":"load"}"#, #"{"seq":2,"type":"intent","intent":}"#,
    ]
    let (records, damage) = salvage(try gzip(lines.joined(separator: "\n") + "\n"))
    #expect(records.map(\.entry) == [.intent("load")])
    let error = try #require(damage)
    #expect(error.code == .malformed)
    #expect(error.record == 2)
    #expect(error.description.hasPrefix("hostile.jsonl.gz: record 2: malformed record:"))
    let cases = [
      #"{"seq":1,"type":"teleport"}"#, #"{"seq":1}"#, #"{"type":"intent","intent":"x"}"#,
      #"{"seq":1,"type":"response","status":200}"#, #"{"seq":1,"type":"intent","intent":"x"} trailing"#,
      #"{"seq":1,"type":"response","request":1,"status":200,"bodyBase64":"%%%%"}"#,
      #"{"seq":1,"type":"intent","intent":"a\u12"}"#, #"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["#,
      #"{"seq":1,"type":"intent","intent":"x","deep":"# + String(repeating: "[", count: 5000),
      #"{"seq":99999999999999999999,"type":"intent","intent":"x"}"#,
    ]
    for line in cases {
      let damage = salvage(try gzip(Self.header + "\n" + line + "\n")).damage
      #expect(damage?.code == .malformed, "\(line.prefix(60)): \(String(describing: damage))")
    }
    let reordered = [
      Self.header, #"{"seq":2,"type":"intent","intent":"a"}"#, #"{"seq":2,"type":"intent","intent":"b"}"#,
    ]
    #expect(salvage(try gzip(reordered.joined(separator: "\n"))).damage?.code == .malformed)
  }

  @Test("an oversized record stops reading at the record limit")
  func oversizedRecord() throws {
    let huge = #"{"seq":2,"type":"intent","intent":""# + String(repeating: "a", count: 3 << 20) + "\"}"
    let big = try gzip(
      #"{"format":"tableflow-fixture","version":1,"feed":"x","tool":"y"}"# + "\n"
        + #"{"seq":1,"type":"intent","intent":"load"}"# + "\n" + huge + "\n")
    let limits = FixtureLimits(maximumInflatedBytes: 1 << 30, maximumRecordBytes: 1 << 20)
    let (records, damage) = salvage(big, limits: limits)
    #expect(records.map(\.entry) == [.intent("load")])
    #expect(damage?.code == .recordTooLarge)
    #expect(damage?.record == 2)
    #expect(salvage(big).damage == nil)
  }

  @Test("a decompression bomb stops at the file limit with bounded memory")
  func decompressionBomb() throws {
    // 48 MiB of blank lines squeezed into some fifty kilobytes.
    let blankLine: [UInt8] = Array(repeating: 0x20, count: 1023) + [0x0A]
    let bomb = try gzipInProcess(Array((Self.header + "\n").utf8), then: blankLine, times: 48 << 10)
    #expect(bomb.count < 1 << 20)
    let limits = FixtureLimits(maximumInflatedBytes: 16 << 20, maximumRecordBytes: 1 << 20)
    let reader = try FixtureReader(bytes: bomb, name: "bomb.jsonl.gz", limits: limits)
    let (_, damage) = reader.readSalvaging()
    #expect(damage?.code == .fileTooLarge)
    #expect(reader.inflatedBytes <= (16 << 20) + 1)
    #expect(FixtureLimits.standard.maximumInflatedBytes == 1 << 30)
    #expect(FixtureLimits.standard.maximumRecordBytes == 256 << 20)
  }

  @Test("errors from files name the path")
  func errorsNameTheFile() throws {
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("broken.jsonl.gz")
    try Data("not gzip".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      _ = try FixtureReader(path: path)
    } throws: { error in
      let error = error as? FixtureError
      return error?.code == .notGzip && error?.description.hasPrefix(path) == true
    }
    #expect {
      _ = try FixtureReader(path: directory.file("missing.jsonl.gz"))
    } throws: { error in
      (error as? FixtureError)?.code == .io
    }
  }
}
