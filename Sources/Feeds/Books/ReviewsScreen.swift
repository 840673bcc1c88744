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
    let useful = Set(state.changes.filter { $0.value == "useful" }.map(\.key))
    return state.sections("reviews", from: ReviewsInput(reviews: state.model, useful: useful)) {
      ReviewsTransform.sections(book: book, reviews: $0.reviews, useful: $0.useful)
    }
  }

  /// A review's `useful` action marks it useful at once and sends
  /// `POST /v2/review/{id}/useful`; if that fails, the mark is taken back and an error row says
  /// why. A review without an id has no actions.
  public func route(action name: String, in row: Row, state: ScreenState<BookReviews>) -> Route? {
    guard name == "useful", row.kind == ReviewCellModel.kind, row.id.rawValue.hasPrefix("review-") else {
      return nil
    }
    let id = String(row.id.rawValue.dropFirst("review-".count))
    guard state.model?.reviews.contains(where: { $0.id == id }) == true else { return nil }
    return .change(
      ScreenChange(key: id, value: "useful"),
      send: .post("/v2/review/\(id)/useful", json: Array("{}".utf8), slot: "useful"))
  }

  /// A review opens its link.
  public func route(_ row: Row, state: ScreenState<BookReviews>) -> Route {
    guard row.kind == ReviewCellModel.kind, let review = row.model.as(ReviewCellModel.self) else {
      return .none
    }
    return .open(link: review.link)
  }
}

/// What the reviews screen shows besides its book: the answer and the reviews marked useful.
private struct ReviewsInput: Hashable, Sendable {
  let reviews: BookReviews?
  let useful: Set<String>
}
