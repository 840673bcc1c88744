import TableCore

/// The info row of a book in the list: everything but the rating (seed A).
public struct BookInfoCellModel: CellModel {
  /// The title.
  public let title: String
  /// The authors joined with "、".
  public let authors: String
  /// The publisher.
  public let publisher: String
  /// The ISBN-13, when the edition has one.
  public let isbn13: String?
  /// The price as printed.
  public let price: String
  /// The publication date as printed.
  public let pubdate: String
  /// The summary.
  public let summary: String

  /// Whether both show the same text: the same UTF-8 bytes in every field. (`String`'s `==`
  /// and hash treat canonically equivalent texts as equal, and hashing one normalises its
  /// Unicode first, several times a CJK summary's length; a row is built, and its model
  /// hashed, for every book that arrives.)
  public static func == (lhs: BookInfoCellModel, rhs: BookInfoCellModel) -> Bool {
    UTF8Bytes.equal(lhs.title, rhs.title) && UTF8Bytes.equal(lhs.authors, rhs.authors)
      && UTF8Bytes.equal(lhs.publisher, rhs.publisher) && UTF8Bytes.equal(lhs.isbn13, rhs.isbn13)
      && UTF8Bytes.equal(lhs.price, rhs.price) && UTF8Bytes.equal(lhs.pubdate, rhs.pubdate)
      && UTF8Bytes.equal(lhs.summary, rhs.summary)
  }

  /// Hashes every field's UTF-8 bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    UTF8Bytes.hash(title, into: &hasher)
    UTF8Bytes.hash(authors, into: &hasher)
    UTF8Bytes.hash(publisher, into: &hasher)
    UTF8Bytes.hash(isbn13, into: &hasher)
    UTF8Bytes.hash(price, into: &hasher)
    UTF8Bytes.hash(pubdate, into: &hasher)
    UTF8Bytes.hash(summary, into: &hasher)
  }

  /// Converts a book field by field, as seed A's view model does.
  public init(book: Book) {
    title = book.title
    authors = book.author.joined(separator: "、")
    publisher = book.publisher
    isbn13 = book.isbn13
    price = book.price
    pubdate = book.pubdate
    summary = book.summary
  }

  /// The fields in declaration order; a missing ISBN is `""`, as seed A shows it.
  public var fields: [Field] {
    [
      Field("title", .text(title)), Field("authors", .text(authors)),
      Field("publisher", .text(publisher)), Field("isbn13", .text(isbn13 ?? "")),
      Field("price", .text(price)), Field("pubdate", .text(pubdate)), Field("summary", .text(summary)),
    ]
  }

  /// Title (17 pt, up to 2 lines), authors and publisher (14 pt, one line each), ISBN, price
  /// and date on one 13-point line, the summary in up to 3 lines of 13 pt.
  public var height: Double {
    CellLayout.height([
      .init(text: title, fontSize: 17, maxLines: 2),
      .init(text: authors, fontSize: 14, maxLines: 1),
      .init(text: publisher, fontSize: 14, maxLines: 1),
      .oneLine(fontSize: 13),  // ISBN, price and date
      .init(text: summary, fontSize: 13, maxLines: 3),
    ])
  }
}
