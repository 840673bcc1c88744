import TestSupport
import Testing

@testable import TableFlow

@Suite("Item starts")
struct ItemStartsTests {
  @Test("one row an item stores nothing, however the starts are put together")
  func implicitWhileOneRowAnItem() {
    var page = ItemStarts()
    for start in 0...5 { page.append(start) }
    var joined = ItemStarts()
    joined.append(page, 0..<3, shift: 0)
    joined.append(page, 3..<6, shift: 0)
    #expect(joined.stored == nil)
    #expect(joined.count == 6)
    #expect((0..<6).map { joined[$0] } == Array(0..<6))
    // An item moved up by one (one before it removed) still continues the starts.
    var shifted = ItemStarts()
    shifted.append(page, 0..<2, shift: 0)
    shifted.append(page, 3..<6, shift: -1)
    #expect(shifted.stored == nil)
    #expect((0..<5).map { shifted[$0] } == Array(0..<5))
  }

  @Test("equal the starts kept as a plain array (200 seeds)", arguments: 0..<200)
  func equalsPlainArray(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    // A source page: items of 0, 1 or 2 rows (mostly 1).
    var source = ItemStarts()
    var sourceModel: [Int] = []
    var rows = 0
    for _ in 0..<Int.random(in: 0..<12, using: &random) {
      source.append(rows)
      sourceModel.append(rows)
      rows += [1, 1, 1, 0, 2].randomElement(using: &random)!
    }
    source.append(rows)
    sourceModel.append(rows)
    #expect(source.count == sourceModel.count)
    #expect(sourceModel.indices.allSatisfy { source[$0] == sourceModel[$0] })
    // Starts made of single starts and ranges of the source, moved.
    var starts = ItemStarts()
    var model: [Int] = []
    for _ in 0..<Int.random(in: 0..<8, using: &random) {
      if Bool.random(using: &random) {
        let start = (model.last ?? -1) + Int.random(in: 0...2, using: &random)
        starts.append(start)
        model.append(start)
      } else {
        let lower = Int.random(in: 0..<sourceModel.count, using: &random)
        let upper = Int.random(in: lower...sourceModel.count, using: &random)
        let shift = model.count - lower + Int.random(in: -1...1, using: &random)
        starts.append(source, lower..<upper, shift: shift)
        model.append(contentsOf: sourceModel[lower..<upper].map { $0 + shift })
      }
    }
    #expect(starts.count == model.count)
    #expect(model.indices.allSatisfy { starts[$0] == model[$0] })
  }
}
