import TableCore

/// The rating row that follows a book's info row: "评分：8.9", "评价人数：1234" (seed A).
///
/// It carries the book's id and title so that selecting it can open the reviews.
public struct BookRatingCellModel: CellModel {
  /// `评分：{average}`.
  public let rating: String
  /// `评价人数：{numRaters}`.
  public let raters: String
  /// The book's identifier.
  public let bookID: String
  /// The book's title.
  public let title: String

  /// Whether both show the same text: the same UTF-8 bytes in every field (see
  /// ``BookInfoCellModel``'s `==`).
  public static func == (lhs: BookRatingCellModel, rhs: BookRatingCellModel) -> Bool {
    UTF8Bytes.equal(lhs.rating, rhs.rating) && UTF8Bytes.equal(lhs.raters, rhs.raters)
      && UTF8Bytes.equal(lhs.bookID, rhs.bookID) && UTF8Bytes.equal(lhs.title, rhs.title)
  }

  /// Hashes every field's UTF-8 bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    UTF8Bytes.hash(rating, into: &hasher)
    UTF8Bytes.hash(raters, into: &hasher)
    UTF8Bytes.hash(bookID, into: &hasher)
    UTF8Bytes.hash(title, into: &hasher)
  }

  /// Converts a book's rating.
  public init(book: Book) {
    rating = "评分：\(book.rating.average)"
    raters = "评价人数：\(book.rating.numRaters)"
    bookID = book.id
    title = book.title
  }

  /// The fields in declaration order.
  public var fields: [Field] {
    [
      Field("rating", .text(rating)), Field("raters", .text(raters)), Field("bookID", .text(bookID)),
      Field("title", .text(title)),
    ]
  }

  /// One 15-point line.
  public var height: Double {
    CellLayout.height([.oneLine(fontSize: 15)])  // rating and raters
  }
}
