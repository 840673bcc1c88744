import Foundation
import TableCore
import Testing

@testable import TableFlow

@Suite("The jsonl log's one schema", .timeLimit(.minutes(5)))
struct JSONLinesLogLineTests {
  @Test("every line the writer writes decodes as JSONLinesLogLine and re-encodes to the same bytes")
  func writerAndSchemaAgree() async throws {
    let transport = StubTransport(total: 3)
    transport.fail("/items/item-0", with: .status(404))
    let events = try await LogWriterTests.events(
      [.load, .loadMore("items"), .select("item-0"), .back, .select("site"), .back, .refresh],
      transport: transport)
    var writer = JSONLinesLogWriter()
    let lines = writer.log(of: events).split(separator: "\n").map(String.init)
    let updates = events.compactMap(\.event.presentedUpdate).filter {
      if $0.navigation?.kind == .popped { return false }  // a pop's update is not a snapshot line
      return true
    }
    var kinds: Set<String> = []
    var snapshots = 0
    for line in lines {
      let decoded = try JSONDecoding.tableFlow.decode(JSONLinesLogLine.self, from: Array(line.utf8))
      kinds.insert(decoded.event)
      if decoded.event == "snapshot" {
        // Typed cell models decode as fields: compare what the log holds, the interchange form.
        var read = ""
        var written = ""
        try #require(decoded.snapshot).writeInterchange(to: &read)
        updates[snapshots].snapshot.writeInterchange(to: &written)
        #expect(read == written)
        #expect(decoded.version == updates[snapshots].version)
        snapshots += 1
      } else {
        #expect(decoded.value.text == line)
      }
    }
    #expect(snapshots == updates.count)
    #expect(kinds.isSuperset(of: ["intent", "response", "snapshot", "navigation", "error", "cells"]))
  }

  @Test("an error without a screen keeps its screen key, as null")
  func errorWithoutScreen() {
    var line = JSONLinesLogLine(event: "error")
    (line.stage, line.category, line.message) = ("fetch", "network", "down")
    #expect(
      line.value.text
        == #"{"category":"network","event":"error","message":"down","screen":null,"stage":"fetch"}"#)
  }
}
