/// Where each item's rows start among its page's rows, then the page's row count: what
/// ``MemoPages`` keeps per page to find an item's rows again.
///
/// A page whose items each have one row (the common case: a list, one row an item) keeps
/// nothing but its length, item `i`'s rows starting at row `i`, so reusing such a page's
/// rows writes no index per item. The first item with another number of rows turns the
/// starts into a stored array.
@usableFromInline
struct ItemStarts: Sendable {
  /// The starts, or `nil` while start `i` is `i`.
  @usableFromInline var stored: [Int]?
  /// The number of starts (items + 1 once the page is complete).
  @usableFromInline var count = 0

  @inlinable init() {}

  /// The start of item `index` (or, at the item count, the page's row count).
  @inlinable
  subscript(index: Int) -> Int {
    stored?[index] ?? index
  }

  /// Appends the start of the next item.
  @inlinable
  mutating func append(_ start: Int) {
    if stored == nil {
      if start == count {
        count += 1
        return
      }
      store(reserving: 1)
    }
    stored?.append(start)
    count += 1
  }

  /// Appends the starts `range` of `other`, each moved by `shift`: O(1) when both are one
  /// row an item and the moved starts continue these.
  @inlinable
  mutating func append(_ other: ItemStarts, _ range: Range<Int>, shift: Int) {
    guard !range.isEmpty else { return }
    if stored == nil && other.stored == nil && range.lowerBound + shift == count {
      count += range.count
      return
    }
    store(reserving: range.count)
    for index in range { stored?.append(other[index] + shift) }
    count += range.count
  }

  /// Turns the implicit starts into stored ones, with room for `more`.
  @inlinable
  mutating func store(reserving more: Int) {
    guard stored == nil else { return }
    var values = [Int]()
    values.reserveCapacity(count + more)
    values.append(contentsOf: 0..<count)
    stored = values
  }
}
