/// A page of a book's reviews: `GET /v2/book/{id}/reviews?start=&count=`.
public struct BookReviews: Codable, Hashable, Sendable {
  /// The reviews on this page, best first.
  public var reviews: [BookReview]

  /// Creates a page.
  public init(reviews: [BookReview]) {
    self.reviews = reviews
  }
}
