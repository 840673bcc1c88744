import TableFlow

/// One page of a user's book collections: `GET /v2/book/user/{user}/collections`.
///
/// Mirrors the backend JSON exactly (seed A); fields the screens do not use are left out.
/// Entries decode one by one: a malformed entry is kept as an `InvalidItem` in its place
/// and shows as a placeholder row, while the rest of the page shows.
public struct BookCollections: Codable, Hashable, Sendable {
  /// How many entries the collection holds in all, across pages.
  public var total: Int
  /// The index of this page's first entry, when the backend says.
  public var start: Int?
  /// This page's entries, in backend order, each valid or not.
  public var collections: TolerantArray<MyBook>

  /// Creates a page of valid entries.
  public init(total: Int, start: Int? = nil, collections: [MyBook]) {
    self.init(total: total, start: start, items: TolerantArray(collections))
  }

  /// Creates a page whose entries may be invalid.
  public init(total: Int, start: Int? = nil, items: TolerantArray<MyBook>) {
    self.total = total
    self.start = start
    self.collections = items
  }
}
