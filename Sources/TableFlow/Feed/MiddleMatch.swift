/// Pairs the items between the common prefix and suffix of a changed page with equal items
/// of the page's previous version, hashing as few as it can (`MemoPages`).
///
/// Inlinable, as `MemoPages` is, so that items compare with their own `==` and hash with
/// their own `hash(into:)` in the feed's module.
@usableFromInline
enum MiddleMatch {
  /// How far ahead of the items in step the walk looks for a removal or an insertion.
  @inlinable static var lookAhead: Int { 8 }

  /// For each item of `items[middle]`, the index in `old` of an equal item whose rows it
  /// keeps, or -1 for an item to build.
  ///
  /// First a walk in step over both lists: an item equal to the old item in step takes it.
  /// Otherwise, when the item equals one of the `lookAhead` old items after it, the old
  /// items between were removed; when the old item equals one of the `lookAhead` items
  /// after this one, the items between were inserted; otherwise the item replaced the old
  /// one. Either way both walks go on in step, so removals, insertions and changes cost a few
  /// comparisons each. Then only the items the walk found no equal for are looked up among
  /// the old items it did not take (items moved, or past the look-ahead): those are the only
  /// items hashed.
  ///
  /// - Complexity: O(middle × `lookAhead`) comparisons at worst, O(middle) when few items
  ///   changed; hashing only the items left unmatched by the walk and the old items not taken.
  @inlinable
  static func sources<Item: Hashable>(
    _ items: [Item], _ middle: Range<Int>, _ old: [Item], _ oldMiddle: Range<Int>
  ) -> [Int] {
    var sources = [Int](repeating: -1, count: middle.count)
    guard !middle.isEmpty && !oldMiddle.isEmpty else { return sources }
    var taken = [Bool](repeating: false, count: oldMiddle.count)
    var matched = 0
    items.withUnsafeBufferPointer { items in
      old.withUnsafeBufferPointer { old in
        var index = middle.lowerBound
        var oldIndex = oldMiddle.lowerBound
        func take(_ item: Int, _ oldItem: Int) {
          sources[item - middle.lowerBound] = oldItem
          taken[oldItem - oldMiddle.lowerBound] = true
          matched += 1
        }
        while index < middle.upperBound && oldIndex < oldMiddle.upperBound {
          if items[index] == old[oldIndex] {
            take(index, oldIndex)
            index += 1
            oldIndex += 1
            continue
          }
          let oldEnd = Swift.min(oldMiddle.upperBound, oldIndex + 1 + lookAhead)
          var removed = oldIndex + 1
          while removed < oldEnd && old[removed] != items[index] { removed += 1 }
          if removed < oldEnd {
            take(index, removed)
            index += 1
            oldIndex = removed + 1
            continue
          }
          let end = Swift.min(middle.upperBound, index + 1 + lookAhead)
          var inserted = index + 1
          while inserted < end && items[inserted] != old[oldIndex] { inserted += 1 }
          if inserted < end {
            take(inserted, oldIndex)
            index = inserted + 1
            oldIndex += 1
            continue
          }
          index += 1
          oldIndex += 1
        }
      }
    }
    let untaken = oldMiddle.count - matched
    guard matched < middle.count, untaken > 0 else { return sources }
    var lookup: [Item: Int] = [:]
    lookup.reserveCapacity(untaken)
    // Backwards, so that the first of equal old items is the one kept: one hash each.
    for index in oldMiddle.reversed() where !taken[index - oldMiddle.lowerBound] {
      lookup[old[index]] = index
    }
    for index in middle where sources[index - middle.lowerBound] < 0 {
      guard let source = lookup[items[index]] else { continue }
      sources[index - middle.lowerBound] = source
    }
    return sources
  }
}
