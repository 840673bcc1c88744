import TestSupport
import Testing

@testable import TableCore

@Suite("RowIDCounts")
struct RowIDCountsTests {
  @Test("counts stay exact through adds, removes and growth, against a dictionary")
  func matchesADictionary() {
    var random = SeededGenerator(seed: 99)
    var table = RowIDCounts(capacity: 4)
    var expected: [UInt64: Int] = [:]
    // Few distinct hashes with repeats, many removals: slots are reused and marked slots
    // accumulate until the table grows.
    for step in 0..<20_000 {
      let hash = UInt64.random(in: 1...3_000, using: &random)
      if Int.random(in: 0..<3, using: &random) == 0 {
        let present = (expected[hash] ?? 0) > 0
        #expect(table.remove(hash) == present, "step \(step)")
        if present { expected[hash, default: 0] -= 1 }
      } else {
        expected[hash, default: 0] += 1
        #expect(table.add(hash) == expected[hash], "step \(step)")
      }
    }
    for hash in UInt64(1)...3_100 {
      #expect(table.count(of: hash) == (expected[hash] ?? 0), "hash \(hash)")
    }
    #expect(table.total == expected.values.reduce(0, +))
  }

  @Test("the hash of an id is never 0, the empty slot's mark")
  func hashIsNeverZero() {
    for id in ["", "a", "tableflow.status", "行1"] {
      #expect(RowIDCounts.hash(RowID(id)) != 0)
    }
  }
}
