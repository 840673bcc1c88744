/// One review: its title, the reviewer's rating and a link to the full text.
public struct BookReview: Codable, Hashable, Sendable {
  /// The backend's identifier, when sent; rows fall back to the link.
  public var id: String?
  /// The review's title.
  public var title: String
  /// The link to the review's page.
  public var alt: String
  /// The reviewer's rating.
  public var rating: ReviewRating

  /// Creates a review.
  public init(id: String? = nil, title: String, alt: String, rating: ReviewRating) {
    self.id = id
    self.title = title
    self.alt = alt
    self.rating = rating
  }
}
