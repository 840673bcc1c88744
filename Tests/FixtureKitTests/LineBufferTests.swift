import Foundation
import TestSupport
import Testing

@testable import FixtureKit

/// Reading a fixture holds its largest record only while that record is read.
@Suite("fixture reader line buffer")
struct LineBufferTests {
  @Test("after a record much larger than the rest, the reader gives its room back")
  func largeRecordRoomIsGivenBack() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-line-buffer")
    defer { folder.cleanUp() }
    let path = folder.file("large.jsonl.gz")
    let writer = try FixtureWriter(path: path, header: FixtureHeader(feed: "profile", tool: "test"), level: 1)
    let large = [UInt8](repeating: UInt8(ascii: "a"), count: 6 << 20)
    for index in 0..<3 {
      let request = try writer.append(.request(RecordedRequest(method: "GET", url: "/page/\(index)")))
      let body = index == 0 ? large : Array("{\"index\":\(index)}".utf8)
      try writer.append(.response(RecordedResponse(request: request, status: 200, body: body)))
    }
    try writer.finish()

    let reader = try FixtureReader(path: path)
    var capacities: [Int] = []
    var sizes: [Int] = []
    while try reader.next() != nil {
      sizes.append(reader.lastRecordSize)
      capacities.append(reader.lineBufferCapacity)
    }
    #expect(sizes.count == 6)
    #expect(sizes[1] > 6 << 20, "the large record was read whole")
    // Every record after the large one is read with at most the kept room (1 MiB).
    #expect(capacities[1...].allSatisfy { $0 <= 1 << 20 }, "capacities: \(capacities)")
  }
}
