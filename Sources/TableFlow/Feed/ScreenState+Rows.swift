import TableCore

extension ScreenState {
  /// The rows of `items`, one per item, built by `row` only for the items that changed since
  /// the screen's last build: the fast path for a dynamic section.
  ///
  /// The pipeline remembers, per `key`, the items and the rows built from them. At the next
  /// build, items equal to the ones remembered keep their rows (the same row values, so
  /// validating and diffing them costs a pointer comparison), and when `items` is the very
  /// array of the last build (no new answer) the result is the very array of rows returned
  /// then, which the rest of the build takes as a section that did not change. So an answer
  /// that changes one item, a refresh that changes a few, costs O(items) comparisons and
  /// builds only what changed.
  ///
  /// ```swift
  /// func sections(for state: ScreenState<IssueList>) throws -> [Section] {
  ///   guard let list = state.model else { return [] }
  ///   let rows = state.rows("issues", of: list.issues) { issue in
  ///     Row(id: RowID("issue-\(issue.number)"), kind: "issue", model: IssueCell(issue))
  ///   }
  ///   return [Section(id: "issues", header: "\(list.issues.count) issues", rows: rows)]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Names the list among the screen's others (a section id, a slot): each key
  ///     remembers its own items. Use one key per list in a build.
  ///   - items: The items, in display order.
  ///   - row: The row of an item. It must depend on the item alone (and on what `key`
  ///     names): a row built once is reused for every equal item. Put anything else the row
  ///     shows (typed text, a selection) into the item or the key.
  /// - Returns: The rows of the items, in order.
  /// - Complexity: O(1) when `items` is the last build's array; otherwise O(items)
  ///   comparisons and reference copies, hashing only the items between the common prefix
  ///   and suffix of the old and new items, plus the rows built.
  @inlinable
  public func rows<Item: Hashable & Sendable>(
    _ key: some Hashable & Sendable, of items: [Item], row: (Item) -> Row
  ) -> [Row] {
    rows(key, ofPages: [items]) { _, item, rows in rows.append(row(item)) }
  }

  /// The rows of the items of several pages, any number of rows per item, built by `build`
  /// only for the items that changed since the screen's last build: the fast path for a
  /// paginated section.
  ///
  /// As ``rows(_:of:row:)``, per page: a page whose items are the very array of the last
  /// build keeps its rows without comparing anything, so appending a page builds only that
  /// page's rows (and copies the references of the others once); when every page is kept,
  /// the result is the very array of rows returned last time.
  ///
  /// ```swift
  /// let rows = state.rows("wish", ofPages: state.pages(in: "wish").map(\.entries)) { page, entry, rows in
  ///   rows.append(Row(id: RowID("\(entry.id)-info"), kind: "info", model: InfoCell(entry)))
  ///   rows.append(Row(id: RowID("\(entry.id)-rating"), kind: "rating", model: RatingCell(entry)))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Names the list among the screen's others.
  ///   - pages: The items of each page, in display order.
  ///   - build: Appends the rows of an item of page `page` (from 0) to `rows`. It must depend
  ///     on the page number and the item alone (and on what `key` names).
  /// - Returns: The rows of every page's items, in order.
  /// - Complexity: O(pages) when every page is the last build's array; otherwise as
  ///   ``rows(_:of:row:)`` over the pages that changed, plus O(rows) reference copies.
  @inlinable
  public func rows<Item: Hashable & Sendable>(
    _ key: some Hashable & Sendable, ofPages pages: [[Item]], build: (_ page: Int, Item, inout [Row]) -> Void
  ) -> [Row] {
    memoisedRows(key, ofPages: pages) { page, item, rows in
      build(page, item, &rows)
      return false
    }
  }

  /// As ``rows(_:ofPages:build:)``, for items whose rows may also depend on where the item is
  /// in its page: `build` returns whether the rows it appended do (a record's placeholder
  /// row naming its index), and such rows are kept only for an equal item at the same index.
  /// So `Item`'s `==` can leave the index out, and an item that moves keeps its rows unless
  /// they show where it was.
  @inlinable
  package func memoisedRows<Item: Hashable & Sendable>(
    _ key: some Hashable & Sendable, ofPages pages: [[Item]],
    build: (_ page: Int, Item, inout [Row]) -> Bool
  ) -> [Row] {
    let key = AnyHashable(key)
    let previous = rowMemo.entry(for: key, as: MemoPages<Item>.self)
    let entry = MemoPages(pages: pages, previous: previous, build: build)
    rowMemo.remember(entry, for: key)
    return entry.rows
  }
}
