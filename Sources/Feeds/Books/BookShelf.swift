import TableFlow

/// What has been loaded of a user's collections: per status, the entries of every page
/// received so far and the total the backend announced.
public struct BookShelf: Hashable, Sendable {
  /// One status's loaded entries.
  public struct Shelf: Hashable, Sendable {
    /// The entries of every page received, in order, duplicates and invalid entries included.
    public var items: [Tolerant<MyBook>] = []
    /// The index in ``items`` of each page's first entry.
    public var pageStarts: [Int] = []
    /// The backend's total for this status; `nil` until the first page arrives.
    public var total: Int?

    /// Creates a shelf of valid entries, as one page.
    public init(entries: [MyBook] = [], total: Int? = nil) {
      self.items = entries.map { .valid($0) }
      self.pageStarts = entries.isEmpty ? [] : [0]
      self.total = total
    }

    /// The valid entries, in order.
    public var entries: [MyBook] {
      items.compactMap { if case .valid(let entry) = $0 { entry } else { nil } }
    }

    /// Whether more pages remain to be fetched.
    public var hasMore: Bool { total.map { items.count < $0 } ?? false }

    /// `entry 12 of page read/0`: where the item at `index` came from, 0-based.
    /// - Complexity: O(log pages).
    public func origin(ofItemAt index: Int, slot: String) -> String {
      var low = 0
      var high = pageStarts.count
      while low + 1 < high {  // the last page starting at or before `index`
        let middle = (low + high) / 2
        if pageStarts[middle] <= index { low = middle } else { high = middle }
      }
      let start = pageStarts.isEmpty ? 0 : pageStarts[low]
      return "entry \(index - start) of page \(slot)/\(low)"
    }
  }

  /// The shelves by status.
  public private(set) var shelves: [BookStatus: Shelf] = [:]

  /// An empty shelf.
  public init() {}

  /// The entries loaded for `status`.
  public subscript(status: BookStatus) -> Shelf {
    shelves[status] ?? Shelf()
  }

  /// The query `start` for the next page of `status`: how many entries arrived so far.
  public func nextStart(for status: BookStatus) -> Int { self[status].items.count }

  /// Adds a page of `status`; the page's `total` replaces the previous one.
  ///
  /// An empty page ends the shelf whatever the total says, so a backend that overstates its
  /// total cannot make the load-more row fetch forever.
  public mutating func append(_ page: BookCollections, for status: BookStatus) {
    var shelf = self[status]
    shelf.pageStarts.append(shelf.items.count)
    shelf.items += page.collections.items
    shelf.total = page.collections.isEmpty ? shelf.items.count : max(page.total, 0)
    shelves[status] = shelf
  }

  /// Replaces `status` with a first page (a refresh).
  public mutating func reset(_ page: BookCollections, for status: BookStatus) {
    shelves[status] = Shelf()
    append(page, for: status)
  }

  /// How many entries `pages` hold and whether more remain, by the same rules as
  /// ``append(_:for:)``, without collecting the entries.
  /// - Complexity: O(pages).
  public static func progress(of pages: [BookCollections]) -> (loaded: Int, hasMore: Bool) {
    var loaded = 0
    var total = 0
    for page in pages {
      loaded += page.collections.count
      total = page.collections.isEmpty ? loaded : max(page.total, 0)
    }
    return (loaded, !pages.isEmpty && loaded < total)
  }

  /// The first valid entry whose book has `id`, across all statuses.
  public func book(id: String) -> Book? {
    for status in BookStatus.allCases {
      for case .valid(let entry) in self[status].items where entry.book.id == id { return entry.book }
    }
    return nil
  }
}
