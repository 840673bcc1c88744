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
