/// Pairs the items between the common prefix and suffix of a changed page with equal items
/// of the page's previous version, hashing as few as it can (``MemoPages``).
///
/// Inlinable, as ``MemoPages`` is, so that items compare with their own `==` and hash with
/// their own `hash(into:)` in the feed's module.
@usableFromInline
enum MiddleMatch {
  /// How many old items after the one in step an item is compared with: the removals the
  /// walk in step gets past without hashing.
  @inlinable static var lookAhead: Int { 8 }

  /// For each item of `items[middle]`, the index in `old` of an equal item whose rows it
  /// keeps, or -1 for an item to build.
  ///
  /// First a walk in step: an item equal to the old item in step, or to one of the
  /// ``lookAhead`` after it (those between were removed), takes it and the walk goes on after
  /// it. An item equal to none of them was inserted when the next item equals the old one in
  /// step (the walk stays), and replaced it otherwise (the walk passes it). Then only the items
  /// no old item was found for are looked up among the old items not taken (moved, or found
  /// past the look-ahead): those are the only items hashed.
  ///
  /// - Complexity: O(middle × ``lookAhead``) comparisons at worst, O(middle) when few items
  ///   changed; hashing only the items left unmatched by the walk and the old items not taken.
  @inlinable
  static func sources<Item: Hashable>(
    _ items: [Item], _ middle: Range<Int>, _ old: [Item], _ oldMiddle: Range<Int>
  ) -> [Int] {
    var sources = [Int](repeating: -1, count: middle.count)
    guard !middle.isEmpty && !oldMiddle.isEmpty else { return sources }
    var taken = [Bool](repeating: false, count: oldMiddle.count)
    var unmatched = 0
    items.withUnsafeBufferPointer { items in
      old.withUnsafeBufferPointer { old in
        var next = oldMiddle.lowerBound  // the old item in step
        for index in middle {
          let item = items[index]
          let end = Swift.min(oldMiddle.upperBound, next + 1 + lookAhead)
          var found = next
          while found < end && old[found] != item { found += 1 }
          if found < end {
            sources[index - middle.lowerBound] = found
            taken[found - oldMiddle.lowerBound] = true
            next = found + 1
            continue
          }
          unmatched += 1
          let inserted =
            index + 1 < middle.upperBound && next < oldMiddle.upperBound && items[index + 1] == old[next]
          if !inserted && next < oldMiddle.upperBound { next += 1 }
        }
      }
    }
    let untaken = taken.reduce(0) { $1 ? $0 : $0 + 1 }
    guard unmatched > 0, untaken > 0 else { return sources }
    var lookup: [Item: Int] = [:]
    lookup.reserveCapacity(untaken)
    for index in oldMiddle where !taken[index - oldMiddle.lowerBound] && lookup[old[index]] == nil {
      lookup[old[index]] = index
    }
    for index in middle where sources[index - middle.lowerBound] < 0 {
      guard let source = lookup[items[index]] else { continue }
      sources[index - middle.lowerBound] = source
    }
    return sources
  }
}
