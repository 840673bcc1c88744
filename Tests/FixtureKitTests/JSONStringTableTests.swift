import Testing

@testable import FixtureKit

@Suite("JSONStringTable")
struct JSONStringTableTests {
  static func tape(_ text: String, reusing previous: JSONStringTable?) throws(JSONSyntaxError) -> JSONTape {
    try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
      try JSONTape(buffer, reusing: previous)
    }
  }

  static func storage(_ text: String) -> UnsafePointer<UInt8>? {
    text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
  }

  @Test("the next version of a document shares the strings whose bytes did not change")
  func sharesUnchangedStrings() throws {
    let summary = String(repeating: "一本关于时间的书。", count: 8)
    let first = try Self.tape(#"{"a":"\#(summary)","b":"三体","c":"plain ascii text here"}"#, reusing: nil)
    #expect(first.strings == [summary, "三体"])
    #expect(first.stringHashes.count == 2)
    let second = try Self.tape(
      #"{"b":"三体 II","a":"\#(summary)","c":"plain ascii text here"}"#, reusing: first.stringTable)
    #expect(second.strings == ["三体 II", summary])
    // The unchanged summary is the first version's string itself; the changed title is new.
    #expect(Self.storage(second.strings[1]) == Self.storage(first.strings[0]))
    #expect(Self.storage(second.strings[0]) != Self.storage(first.strings[1]))
  }

  @Test("values equal those of a tape that reuses nothing, and bad UTF-8 is still refused")
  func sameValuesAndErrors() throws {
    let previous = try Self.tape(#"["é","ü","日本"]"#, reusing: nil).stringTable
    let reused = try Self.tape(#"["日本","é","x","ü\n"]"#, reusing: previous)
    let plain = try JSONTapeTests.tape(#"["日本","é","x","ü\n"]"#)
    #expect(reused.strings == plain.strings)
    var bytes = Array(#"["é","#.utf8)
    bytes += [0x22, 0xC3, 0x28, 0x22, 0x5D]  // "\xC3(" ]
    let failure: JSONSyntaxError? = {
      do throws(JSONSyntaxError) {
        _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
          try JSONTape(buffer, reusing: previous)
        }
        return nil
      } catch {
        return error
      }
    }()
    #expect(failure?.cause == JSONTapeTests.failure(bytes: bytes)?.cause)
    #expect(failure?.offset == JSONTapeTests.failure(bytes: bytes)?.offset)
    #expect(failure != nil)
  }

  /// `body` with the bytes of `text`.
  static func withBytes<T>(_ text: String, _ body: (UnsafePointer<UInt8>, Int) -> T?) -> T? {
    Array(text.utf8).withUnsafeBufferPointer { buffer in buffer.baseAddress.flatMap { body($0, buffer.count) }
    }
  }

  @Test("a table finds every string by its bytes and nothing else (equal hashes confirmed by bytes)")
  func lookup() {
    let strings = (0..<500).map { "値\($0)" + String(repeating: "ß", count: $0 % 13) }
    let hashes = strings.map { text in Self.withBytes(text) { JSONStringTable.hash($0, count: $1) } ?? 0 }
    let table = JSONStringTable(strings: strings, hashes: hashes)
    for (index, text) in strings.enumerated() {
      #expect(Self.withBytes(text) { table.string(matching: $0, count: $1, hash: hashes[index]) } == text)
      // The same hash with other bytes finds nothing.
      #expect(
        Self.withBytes(text + "!") { table.string(matching: $0, count: $1, hash: hashes[index]) } == nil)
    }
  }
}
