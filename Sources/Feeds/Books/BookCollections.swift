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

/// One entry of a user's collection: a book and what the user is doing with it.
public struct MyBook: Codable, Hashable, Sendable {
  /// `wish` (想读), `reading` (在读) or `read` (读过); other values are kept as they are.
  public var status: String
  /// The book.
  public var book: Book

  /// Creates an entry.
  public init(status: String, book: Book) {
    self.status = status
    self.book = book
  }
}
