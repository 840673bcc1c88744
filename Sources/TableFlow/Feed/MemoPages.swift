import TableCore

/// The items of one key's pages and the rows built from them: every page's rows in one array,
/// where each page's rows start in it, and where each item's rows start in its page's.
///
/// Inlinable, like the ``ScreenState/rows(_:ofPages:build:)`` that makes it, so that it is
/// specialised for the feed's item type in the feed's module: comparing two items is then
/// the item type's own `==`, not a generic call per item.
@usableFromInline
struct MemoPages<Item: Hashable & Sendable>: Sendable {
  /// The items of each page.
  @usableFromInline var pages: [[Item]] = []
  /// Every page's rows, in order.
  @usableFromInline var rows: [Row] = []
  /// Per page, the index in ``rows`` of its first row; then the row count.
  @usableFromInline var pageOffsets: [Int] = []
  /// Per page, the index in the page's rows (from the page's offset) of each item's first
  /// row; then the page's row count.
  @usableFromInline var itemStarts: [ItemStarts] = []
  /// Per page, the indices (ascending) of the items whose rows depend on where the item is
  /// in its page (`build` said so): their rows are kept only for the item at the same index.
  /// Almost always empty.
  @usableFromInline var pinned: [[Int]] = []

  /// Appends the rows of an item of page `page` to `rows`; whether they depend on the item's
  /// index in its page as well (so they are not moved with it).
  @usableFromInline typealias Build = (_ page: Int, Item, inout [Row]) -> Bool

  /// The rows of `pages`, reusing those of `previous`: a page whose items are the previous
  /// page's very array (same storage) keeps its rows as they are; in another page, an item
  /// equal to the item at the same place in the previous page, counted from either end,
  /// keeps that item's rows, and so does one equal to an item between them that no other
  /// item took (see `rebuild(_:page:old:oldPage:into:build:)`); every other item is built.
  /// When every page is kept, the rows are the previous array itself. An item whose rows
  /// `build` pinned to its index keeps them only at that index.
  ///
  /// - Complexity: O(pages) when nothing changed. Otherwise the rows of each run of kept
  ///   pages, and of each changed page's common prefix and suffix, are copied in one block
  ///   (a reference copy per row, no per-item work); a changed page costs the comparisons of
  ///   its items from both ends and in step between them, hashes only the items the walk in
  ///   step did not match, and builds only the items found nowhere.
  @inlinable
  init(pages: [[Item]], previous: MemoPages<Item>?, build: Build) {
    self.pages = pages
    itemStarts.reserveCapacity(pages.count)
    pinned.reserveCapacity(pages.count)
    pageOffsets.reserveCapacity(pages.count + 1)
    guard let previous else {
      for (index, items) in pages.enumerated() {
        pageOffsets.append(rows.count)
        let built = Self.build(items, page: index, into: &rows, build: build)
        itemStarts.append(built.starts)
        pinned.append(built.pinned)
      }
      pageOffsets.append(rows.count)
      return
    }
    // Where the run of kept pages being copied starts in `previous.rows`, if one is open.
    var keptRun: Int?
    var keptRunEnd = 0
    var changed = previous.pages.count != pages.count
    for (index, items) in pages.enumerated() {
      let oldPage = index < previous.pages.count ? index : nil
      if let oldPage, previous.pages[oldPage].isSameStorage(as: items) {
        let runStart = keptRun ?? previous.pageOffsets[oldPage]
        if keptRun == nil {
          keptRun = runStart
          keptRunEnd = runStart
        }
        pageOffsets.append(rows.count + keptRunEnd - runStart)
        keptRunEnd = previous.pageOffsets[oldPage + 1]
        itemStarts.append(previous.itemStarts[oldPage])
        pinned.append(previous.pinned[oldPage])
        continue
      }
      changed = true
      if let start = keptRun {
        Self.copy(previous.rows, start..<keptRunEnd, into: &rows)
        keptRun = nil
      }
      pageOffsets.append(rows.count)
      let built =
        if let oldPage {
          Self.rebuild(items, page: index, old: previous, oldPage: oldPage, into: &rows, build: build)
        } else {
          Self.build(items, page: index, into: &rows, build: build)
        }
      itemStarts.append(built.starts)
      pinned.append(built.pinned)
    }
    guard changed else {
      rows = previous.rows
      pageOffsets = previous.pageOffsets
      return
    }
    if let start = keptRun { Self.copy(previous.rows, start..<keptRunEnd, into: &rows) }
    pageOffsets.append(rows.count)
  }

  /// The number of rows of `page` in `memo`.
  @inlinable
  static func count(of memo: MemoPages<Item>, page: Int) -> Int {
    memo.pageOffsets[page + 1] - memo.pageOffsets[page]
  }

  /// Appends `source[range]` to `rows` in one block.
  @inlinable
  static func copy(_ source: [Row], _ range: Range<Int>, into rows: inout [Row]) {
    guard !range.isEmpty else { return }
    if rows.isEmpty && range == source.indices {
      rows = source
    } else {
      rows.append(contentsOf: source[range])
    }
  }

  /// Builds the rows of every item of a new page; where each item's rows start, and which
  /// items' rows are pinned to their index.
  @inlinable
  static func build(
    _ items: [Item], page: Int, into rows: inout [Row], build: Build
  ) -> (starts: ItemStarts, pinned: [Int]) {
    let base = rows.count
    var starts = ItemStarts()
    var pinned: [Int] = []
    for (index, item) in items.enumerated() {
      starts.append(rows.count - base)
      if build(page, item, &rows) { pinned.append(index) }
    }
    starts.append(rows.count - base)
    return (starts, pinned)
  }

  /// Appends the rows of a changed page's `items`, reusing the rows of equal items of page
  /// `oldPage` of `old`; where each item's rows start.
  ///
  /// Between the common prefix and suffix, the old and new items are walked in step
  /// (`MiddleMatch`): an item equal to the old item in step, or to one of the few after it
  /// (old items removed there), keeps that item's rows; an item found that way nowhere (new,
  /// changed, or moved from elsewhere) is looked up among the old items the walk did not
  /// take, the only items hashed. So a refresh that changes, removes and inserts a few items
  /// hashes only those, never every item (hashing a `String` normalises its Unicode, which
  /// costs several times its length for CJK text).
  ///
  /// An old item whose rows are pinned to its index keeps them only for the new item at the
  /// same index: the common suffix ends before the last pinned item when the page's length
  /// changed, and a match in the middle at another index is built instead.
  @inlinable
  static func rebuild(
    _ items: [Item], page: Int, old: MemoPages<Item>, oldPage: Int, into rows: inout [Row],
    build: Build
  ) -> (starts: ItemStarts, pinned: [Int]) {
    let oldItems = old.pages[oldPage]
    let oldStarts = old.itemStarts[oldPage]
    let oldBase = old.pageOffsets[oldPage]
    let oldPinned = old.pinned[oldPage]
    var (prefix, suffix) = commonEnds(items, oldItems)
    if items.count != oldItems.count, let last = oldPinned.last, last >= oldItems.count - suffix {
      suffix = oldItems.count - 1 - last
    }
    let isPinned = oldPinned.isEmpty ? [] : Set(oldPinned)
    var pinned = Array(oldPinned.prefix(while: { $0 < prefix }))
    let base = rows.count
    rows.reserveCapacity(base + count(of: old, page: oldPage) + items.count - oldItems.count)
    var starts = ItemStarts()
    // The common prefix: its rows and starts, each in one block.
    copy(old.rows, oldBase..<(oldBase + oldStarts[prefix]), into: &rows)
    starts.append(oldStarts, 0..<prefix, shift: 0)
    // Between the prefix and the suffix: each item's old twin, if any; runs of consecutive
    // old items are copied in one block.
    let middle = prefix..<(items.count - suffix)
    let sources = MiddleMatch.sources(items, middle, oldItems, prefix..<(oldItems.count - suffix))
    var run: Range<Int>?  // old rows (in `old.rows`) waiting to be copied
    for index in middle {
      starts.append(rows.count - base + (run?.count ?? 0))
      var source = sources[index - prefix]
      if source >= 0, !isPinned.isEmpty, isPinned.contains(source) {
        if source == index { pinned.append(index) } else { source = -1 }
      }
      if source >= 0 {
        let itemRows = (oldBase + oldStarts[source])..<(oldBase + oldStarts[source + 1])
        if let open = run, open.upperBound == itemRows.lowerBound {
          run = open.lowerBound..<itemRows.upperBound
        } else {
          if let open = run { copy(old.rows, open, into: &rows) }
          run = itemRows
        }
      } else {
        if let open = run {
          copy(old.rows, open, into: &rows)
          run = nil
        }
        if build(page, items[index], &rows) { pinned.append(index) }
      }
    }
    if let open = run { copy(old.rows, open, into: &rows) }
    // The common suffix: its rows in one block, its starts shifted by where it now begins.
    let oldSuffix = oldItems.count - suffix
    let shift = rows.count - base - oldStarts[oldSuffix]
    copy(old.rows, (oldBase + oldStarts[oldSuffix])..<(oldBase + oldStarts[oldItems.count]), into: &rows)
    starts.append(oldStarts, oldSuffix..<(oldItems.count + 1), shift: shift)
    // Pinned items of the suffix are at their old index: the suffix of a page whose length
    // changed has none.
    pinned.append(contentsOf: oldPinned.drop(while: { $0 < oldSuffix }))
    return (starts, pinned)
  }

  /// The lengths of the common prefix and suffix of `items` and `old` (not overlapping).
  @inlinable
  static func commonEnds(_ items: [Item], _ old: [Item]) -> (prefix: Int, suffix: Int) {
    items.withUnsafeBufferPointer { items in
      old.withUnsafeBufferPointer { old in
        let shorter = Swift.min(items.count, old.count)
        var prefix = 0
        while prefix < shorter && items[prefix] == old[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && items[items.count - 1 - suffix] == old[old.count - 1 - suffix] {
          suffix += 1
        }
        return (prefix, suffix)
      }
    }
  }
}
