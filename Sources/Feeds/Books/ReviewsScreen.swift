import TableCore
import TableFlow

/// A book's reviews, a mixed table: "书籍" shows at once, "精选评论" fills in place when the
/// second request's answer arrives.
public struct ReviewsScreen: Screen {
  /// The book whose reviews are shown.
  public let book: Book

  /// Creates the screen.
  public init(book: Book) {
    self.book = book
  }

  /// `reviews`.
  public var name: String { "reviews" }

  /// A review listed twice shows once: the repeat is dropped, and logged.
  public var duplicateIDPolicy: DuplicateIDPolicy { .keepFirst }

  /// The first three reviews.
  public func requests(for load: ScreenLoad, state: ScreenState<BookReviews>) -> [ScreenRequest] {
    [.get("/v2/book/\(book.id)/reviews", query: ["start": "0", "count": "3"])]
  }

  /// The book's section and the reviews loaded so far.
  public func sections(for state: ScreenState<BookReviews>) throws -> [Section] {
    ReviewsTransform.sections(book: book, reviews: state.model)
  }

  /// A review opens its link.
  public func route(_ row: Row, state: ScreenState<BookReviews>) -> Route {
    guard row.kind == ReviewCellModel.kind, let review = row.model.as(ReviewCellModel.self) else {
      return .none
    }
    return .open(link: review.link)
  }
}
