import TableCore

/// The rows a screen built from its items at its last build, by key: what
/// ``ScreenState/rows(_:of:row:)`` and ``ScreenState/rows(_:ofPages:build:)`` reuse.
///
/// One entry per key, replaced at each use. The pipeline sweeps after every build of the
/// screen, dropping the entries that build did not use, so memory follows what the screen
/// shows. Shared by the copies of a state: the rows of an item are a pure function of the
/// item (and of the key), so whichever copy built them, they are the rows any copy would
/// build.
final class RowMemo: Sendable {
  /// One key's items and rows, with the generation of the sweep that last saw it used.
  private struct Slot {
    var entry: any Sendable
    var generation: Int
  }

  private struct Store {
    var slots: [AnyHashable: Slot] = [:]
    var generation = 0
  }

  private let store = Locked(Store())

  /// The entry last stored under `key`, if it holds items of type `Item`.
  func entry<Item>(for key: AnyHashable, of type: Item.Type) -> MemoPages<Item>? {
    store.withLock { $0.slots[key]?.entry as? MemoPages<Item> }
  }

  /// Stores `entry` under `key`, used by the current build.
  func store<Item: Sendable>(_ entry: MemoPages<Item>, for key: AnyHashable) {
    store.withLock { store in
      store.slots[key] = Slot(entry: entry, generation: store.generation)
    }
  }

  /// Ends a build: forgets the entries it did not use.
  func sweep() {
    store.withLock { store in
      let current = store.generation
      store.slots = store.slots.filter { $0.value.generation == current }
      store.generation += 1
    }
  }

  /// The number of keys remembered (for tests).
  var count: Int { store.withLock { $0.slots.count } }
}

/// The items of one key's pages and the rows built from them: per page, the rows and where
/// each item's rows start; the rows of all pages in order.
struct MemoPages<Item: Sendable>: Sendable {
  var pages: [[Item]] = []
  /// Per page, the rows of its items in order.
  var pageRows: [[Row]] = []
  /// Per page, the index in its rows of each item's first row; then the page's row count.
  var pageStarts: [[Int]] = []
  /// Every page's rows, in order.
  var rows: [Row] = []
}

extension MemoPages where Item: Hashable {
  /// The rows of `pages`, reusing those of `previous`: a page whose items are the previous
  /// page's very array (same storage) keeps its rows as they are; in another page, an item
  /// equal to the item at the same place in the previous page, counted from either end,
  /// keeps that item's rows, and so does one equal to an item between them; every other item
  /// is built. When every page is kept, the rows of all pages are the previous array itself.
  ///
  /// - Complexity: O(pages) when nothing changed; otherwise O(rows) reference copies plus
  ///   O(items of the changed pages) comparisons, hashing only the items between a changed
  ///   page's common prefix and suffix, and building only the items found nowhere.
  init(
    pages: [[Item]], previous: MemoPages<Item>?, build: (_ page: Int, Item, inout [Row]) -> Void
  ) {
    self.pages = pages
    pageRows.reserveCapacity(pages.count)
    pageStarts.reserveCapacity(pages.count)
    var keptAll = previous.map { $0.pages.count == pages.count } ?? false
    var total = 0
    for (index, items) in pages.enumerated() {
      if let previous, index < previous.pages.count, Self.isSameArray(previous.pages[index], items) {
        pageRows.append(previous.pageRows[index])
        pageStarts.append(previous.pageStarts[index])
      } else {
        keptAll = false
        let old = previous.flatMap { index < $0.pages.count ? $0 : nil }
        let built = Self.rows(
          of: items, page: index,
          old: old.map { ($0.pages[index], $0.pageRows[index], $0.pageStarts[index]) },
          build: build)
        pageRows.append(built.rows)
        pageStarts.append(built.starts)
      }
      total += pageRows[index].count
    }
    if keptAll, let previous {
      rows = previous.rows
    } else if pageRows.count == 1 {
      rows = pageRows[0]
    } else {
      rows.reserveCapacity(total)
      for page in pageRows { rows.append(contentsOf: page) }
    }
  }

  /// The rows of one page's items, reusing the rows of equal items of `old` (the previous
  /// version of the page), and where each item's rows start.
  private static func rows(
    of items: [Item], page: Int, old: (items: [Item], rows: [Row], starts: [Int])?,
    build: (_ page: Int, Item, inout [Row]) -> Void
  ) -> (rows: [Row], starts: [Int]) {
    var rows: [Row] = []
    var starts: [Int] = []
    starts.reserveCapacity(items.count + 1)
    guard let old else {
      rows.reserveCapacity(items.count)
      for item in items {
        starts.append(rows.count)
        build(page, item, &rows)
      }
      starts.append(rows.count)
      return (rows, starts)
    }
    rows.reserveCapacity(old.rows.count + items.count - old.items.count)
    let shorter = min(items.count, old.items.count)
    var prefix = 0
    while prefix < shorter && items[prefix] == old.items[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix
      && items[items.count - 1 - suffix] == old.items[old.items.count - 1 - suffix]
    {
      suffix += 1
    }
    func reuse(_ oldIndex: Int) {
      rows.append(contentsOf: old.rows[old.starts[oldIndex]..<old.starts[oldIndex + 1]])
    }
    for index in 0..<prefix {
      starts.append(rows.count)
      reuse(index)
    }
    // Between the prefix and the suffix: equal items anywhere in the old middle.
    let oldMiddle = prefix..<(old.items.count - suffix)
    var lookup: [Item: Int] = [:]
    if !oldMiddle.isEmpty && items.count - suffix > prefix {
      lookup.reserveCapacity(oldMiddle.count)
      for index in oldMiddle where lookup[old.items[index]] == nil { lookup[old.items[index]] = index }
    }
    for index in prefix..<(items.count - suffix) {
      starts.append(rows.count)
      if let oldIndex = lookup[items[index]] {
        reuse(oldIndex)
      } else {
        build(page, items[index], &rows)
      }
    }
    for offset in 0..<suffix {
      starts.append(rows.count)
      reuse(old.items.count - suffix + offset)
    }
    starts.append(rows.count)
    return (rows, starts)
  }

  /// Whether both arrays are one storage (so their items are the same values).
  private static func isSameArray(_ lhs: [Item], _ rhs: [Item]) -> Bool {
    lhs.withUnsafeBufferPointer { lhs in
      rhs.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count }
    }
  }
}
