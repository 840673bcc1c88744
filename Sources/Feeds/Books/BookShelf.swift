/// What has been loaded of a user's collections: per status, the entries of every page
/// received so far and the total the backend announced.
public struct BookShelf: Hashable, Sendable {
  /// One status's loaded entries.
  public struct Shelf: Hashable, Sendable {
    /// The entries of every page received, in order, duplicates included.
    public var entries: [MyBook] = []
    /// The backend's total for this status; `nil` until the first page arrives.
    public var total: Int?

    /// Creates a shelf.
    public init(entries: [MyBook] = [], total: Int? = nil) {
      self.entries = entries
      self.total = total
    }

    /// Whether more pages remain to be fetched.
    public var hasMore: Bool { total.map { entries.count < $0 } ?? false }
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
  public func nextStart(for status: BookStatus) -> Int { self[status].entries.count }

  /// Adds a page of `status`; the page's `total` replaces the previous one.
  ///
  /// An empty page ends the shelf whatever the total says, so a backend that overstates its
  /// total cannot make the load-more row fetch forever.
  public mutating func append(_ page: BookCollections, for status: BookStatus) {
    var shelf = self[status]
    shelf.entries += page.collections
    shelf.total = page.collections.isEmpty ? shelf.entries.count : max(page.total, 0)
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

  /// The first entry whose book has `id`, across all statuses.
  public func book(id: String) -> Book? {
    for status in BookStatus.allCases {
      if let entry = self[status].entries.first(where: { $0.book.id == id }) { return entry.book }
    }
    return nil
  }
}
