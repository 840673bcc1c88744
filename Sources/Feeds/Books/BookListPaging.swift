import TableFlow

/// Where the book list's next page starts when the screen's own moves (`mark-read`, …) shifted
/// the backend's lists since the pages it holds were served.
///
/// The backend moves a book to the front of its new status, so a book leaving a list pulls
/// the rest of it up by one, and a book joining a list pushes it down by one. Reading the next
/// page at "how many entries arrived" would then skip entries (a book left) or repeat them (a
/// book joined). The next page starts where the newest page ended (its `start` plus its
/// entries, as the backend answered), moved by each change the newest page does not show
/// (``ScreenState/order(of:relativeToNewestPageIn:)``): one back for a book that left the
/// list, unless the page certainly shows the move; one on for a book that joined it, only when
/// the backend certainly applied the move after serving the page. Where the order is unknown
/// the next page overlaps the last one rather than skipping an entry; the list shows a book
/// once, where it first appears, and logs the repeat.
enum BookListPaging {
  /// The next page's `start` in `slot`, and whether the backend has more; `nil` before the
  /// first page.
  /// - Parameter status: The status of the slot's list (one request per status), or `nil`
  ///   for the single request of every status (`status=`), where a book moves inside the
  ///   list.
  /// - Complexity: O(pages) without changes; with changes, O(changes) plus O(entries) once per
  ///   set of pages (memoised).
  static func next(
    in slot: String, status: BookStatus?, state: ScreenState<BookCollections>
  ) -> (start: Int, hasMore: Bool)? {
    let pages = state.pages(in: slot)
    guard let last = pages.last else { return nil }
    let progress = BookShelf.progress(of: pages)
    guard let lastStart = last.start else { return (progress.loaded, progress.hasMore) }
    let end = lastStart + last.collections.count
    // The moves the backend applied since it served the last page shift the list's end and its
    // total together: whether more remain is the backend's answer at the time.
    let hasMore = !last.collections.isEmpty && end < max(last.total, 0)
    guard !state.changes.isEmpty else { return (end, hasMore) }
    let books = state.memoised("paging-books-\(slot)", from: pages) { Self.books(in: $0) }
    var start = end
    for change in state.changes {
      guard change.key.hasPrefix("book-"), let target = BookStatus(rawValue: change.value) else { continue }
      let bookID = String(change.key.dropFirst("book-".count))
      let order = state.order(of: change, relativeToNewestPageIn: slot)
      if let status {
        if books.ids.contains(bookID) {
          if target != status && order != .beforePage { start -= 1 }
        } else if target == status && order == .afterPage {
          start += 1
        }
      } else if books.ids.contains(bookID), order != .beforePage {
        // Inside one list of every status: the book leaves what was read and joins the front
        // of its status, which is inside what was read only when a later status is.
        let rank = BookStatus.allCases.firstIndex(of: target) ?? BookStatus.allCases.count
        if !books.ranks(otherThan: bookID).contains(where: { $0 >= rank }) { start -= 1 }
      }
    }
    return (max(start, 0), hasMore)
  }

  /// The books of `pages` and the status rank of each valid entry.
  struct Books: Sendable {
    var ids: Set<String> = []
    var entries: [(id: String, rank: Int)] = []

    func ranks(otherThan bookID: String) -> some Sequence<Int> {
      entries.lazy.filter { $0.id != bookID }.map(\.rank)
    }
  }

  static func books(in pages: [BookCollections]) -> Books {
    var books = Books()
    for page in pages {
      for case .valid(let entry) in page.collections {
        books.ids.insert(entry.book.id)
        let rank = BookStatus(rawValue: entry.status).flatMap { BookStatus.allCases.firstIndex(of: $0) }
        books.entries.append((entry.book.id, rank ?? BookStatus.allCases.count))
      }
    }
    return books
  }
}
