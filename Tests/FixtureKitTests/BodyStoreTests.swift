import Testing

@testable import FixtureKit

@Suite("BodyStore")
struct BodyStoreTests {
  @Test("bodies stay in memory up to the budget, then spill to the file and read back")
  func budgetThenSpill() throws {
    let store = BodyStore(inlineLimit: 4, memoryBudget: 10)
    let small = try store.store([1, 2, 3])
    let first = try store.store([UInt8](repeating: 7, count: 6))
    let second = try store.store([UInt8](repeating: 8, count: 6))  // 6 + 6 > 10: spills
    guard case .inline = first else {
      Issue.record("the first large body should be held in memory")
      return
    }
    guard case .spilled(let offset, let count) = second else {
      Issue.record("the body past the budget should spill")
      return
    }
    #expect(offset == 0 && count == 6)
    #expect(store.spilledBytes == 6)
    #expect(try store.load(small) == [1, 2, 3])
    #expect(try store.load(first) == [UInt8](repeating: 7, count: 6))
    #expect(try store.load(second) == [UInt8](repeating: 8, count: 6))
  }
}
