import TestSupport
import Testing

@testable import TableFlow

@Suite("Matching a changed page's middle")
struct MiddleMatchTests {
  /// Counts the hashes of the items that share it.
  final class HashCount: Sendable {
    let count = Locked(0)
  }

  /// An item that counts its hashes; equal by value alone.
  struct Item: Hashable, Sendable {
    let value: Int
    let hashes: HashCount

    static func == (lhs: Item, rhs: Item) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) {
      hashes.count.withLock { $0 += 1 }
      hasher.combine(value)
    }
  }

  /// Checks that every source is an equal old item and that every item with an equal old
  /// item not given to another one found it.
  private static func check(_ items: [Item], _ old: [Item], _ sources: [Int], _ comment: Comment) {
    #expect(sources.count == items.count, comment)
    var free = Dictionary(grouping: old.indices, by: { old[$0].value })
    for (index, source) in sources.enumerated() where source >= 0 {
      #expect(old[source] == items[index], comment)
      free[old[source].value]?.removeAll { $0 == source }
    }
    for (index, source) in sources.enumerated() where source < 0 {
      #expect(
        free[items[index].value, default: []].isEmpty, "item \(index) had an equal old item; \(comment)")
    }
  }

  @Test("every item finds an equal old item, after random edits (60 seeds)", arguments: 0..<60)
  func findsEqualItems(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let hashes = HashCount()
    let count = Int.random(in: 0..<300, using: &random)
    // Distinct values, as a page of entries with ids: a duplicate may be built again.
    let old = (0..<count).map { Item(value: $0, hashes: hashes) }
    var items = old
    for _ in 0..<Int.random(in: 0..<40, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !items.isEmpty:  // changed
        items[Int.random(in: 0..<items.count, using: &random)] = Item(
          value: 10_000 + Int.random(in: 0..<1_000_000, using: &random), hashes: hashes)
      case 1 where !items.isEmpty:  // removed
        items.remove(at: Int.random(in: 0..<items.count, using: &random))
      case 2:  // inserted
        items.insert(
          Item(value: 2_000_000 + Int.random(in: 0..<1_000_000, using: &random), hashes: hashes),
          at: Int.random(in: 0...items.count, using: &random))
      case 3 where !items.isEmpty:  // moved
        let moved = items.remove(at: Int.random(in: 0..<items.count, using: &random))
        items.insert(moved, at: Int.random(in: 0...items.count, using: &random))
      default:
        break
      }
    }
    let sources = MiddleMatch.sources(items, items.indices, old, old.indices)
    Self.check(items, old, sources, "seed \(seed)")
  }

  @Test("a few changes, removals and insertions in a long page hash only the items around them")
  func hashesOnlyChanges() {
    let hashes = HashCount()
    let old = (0..<10_000).map { Item(value: $0, hashes: hashes) }
    var items = old
    for index in stride(from: 100, to: 10_000, by: 1_000) {
      items[index] = Item(value: -index, hashes: hashes)  // changed
      items.remove(at: index + 10)  // removed
      items.insert(Item(value: -index - 1, hashes: hashes), at: index + 20)  // inserted
      items.insert(Item(value: -index - 2, hashes: hashes), at: index + 20)  // and another one
    }
    let sources = MiddleMatch.sources(items, items.indices, old, old.indices)
    Self.check(items, old, sources, "10 runs of edits")
    #expect(sources.filter { $0 < 0 }.count == 30, "the changed and inserted items are built")
    // The 30 new items and the 20 old items changed or removed; before, all 20,000 items.
    #expect(hashes.count.withLock { $0 } <= 50)
  }
}
