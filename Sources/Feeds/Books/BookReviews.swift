/// A page of a book's reviews: `GET /v2/book/{id}/reviews?start=&count=`.
public struct BookReviews: Codable, Hashable, Sendable {
  /// The reviews on this page, best first.
  public var reviews: [BookReview]

  /// Creates a page.
  public init(reviews: [BookReview]) {
    self.reviews = reviews
  }
}

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

/// A reviewer's rating on a 5-point scale, as the backend prints it (`"4"`).
public struct ReviewRating: Codable, Hashable, Sendable {
  /// The value as text.
  public var value: String

  /// Creates a rating.
  public init(value: String) {
    self.value = value
  }

  private enum CodingKeys: String, CodingKey { case value }

  /// Decodes the value from a string or a number, since backends send either.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try? container.decode(String.self, forKey: .value) {
      value = text
    } else if let whole = try? container.decode(Int.self, forKey: .value) {
      value = String(whole)
    } else {
      value = String(try container.decode(Double.self, forKey: .value))
    }
  }
}
