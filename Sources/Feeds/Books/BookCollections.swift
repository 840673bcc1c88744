/// One page of a user's book collections: `GET /v2/book/user/{user}/collections`.
///
/// Mirrors the backend JSON exactly (seed A); fields the screens do not use are left out.
public struct BookCollections: Codable, Hashable, Sendable {
  /// How many entries the collection holds in all, across pages.
  public var total: Int
  /// The index of this page's first entry, when the backend says.
  public var start: Int?
  /// This page's entries, in backend order.
  public var collections: [MyBook]

  /// Creates a page.
  public init(total: Int, start: Int? = nil, collections: [MyBook]) {
    self.total = total
    self.start = start
    self.collections = collections
  }
}
