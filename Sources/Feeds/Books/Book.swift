/// A book as the Douban v2 API describes it (seed A).
///
/// `isbn13` is optional: old and self-published editions have none. Text fields the backend
/// may leave out decode as empty, so a sparse record still shows.
public struct Book: Codable, Hashable, Sendable {
  /// The backend's identifier, a string of digits.
  public var id: String
  /// The title.
  public var title: String
  /// The subtitle, often empty.
  public var subtitle: String
  /// The authors, in order; may be empty.
  public var author: [String]
  /// The publisher.
  public var publisher: String
  /// The ISBN-13, when the edition has one.
  public var isbn13: String?
  /// The price as printed, e.g. `39.00元`.
  public var price: String
  /// The publication date as printed, e.g. `2015-6`.
  public var pubdate: String
  /// The summary, possibly several paragraphs.
  public var summary: String
  /// The readers' rating.
  public var rating: BookRating

  /// Creates a book.
  public init(
    id: String, title: String, subtitle: String = "", author: [String] = [], publisher: String = "",
    isbn13: String? = nil, price: String = "", pubdate: String = "", summary: String = "",
    rating: BookRating = BookRating(average: "0.0", numRaters: 0)
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.author = author
    self.publisher = publisher
    self.isbn13 = isbn13
    self.price = price
    self.pubdate = pubdate
    self.summary = summary
    self.rating = rating
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, subtitle, author, publisher, isbn13, price, pubdate, summary, rating
  }

  /// Decodes a book; `id` and `title` are required, other text fields default to empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
    author = try container.decodeIfPresent([String].self, forKey: .author) ?? []
    publisher = try container.decodeIfPresent(String.self, forKey: .publisher) ?? ""
    isbn13 = try container.decodeIfPresent(String.self, forKey: .isbn13)
    price = try container.decodeIfPresent(String.self, forKey: .price) ?? ""
    pubdate = try container.decodeIfPresent(String.self, forKey: .pubdate) ?? ""
    summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
    rating =
      try container.decodeIfPresent(BookRating.self, forKey: .rating)
      ?? BookRating(average: "0.0", numRaters: 0)
  }
}
