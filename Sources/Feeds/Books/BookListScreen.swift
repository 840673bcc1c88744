import TableCore
import TableFlow

/// The book list: one paginated request per status, each in its own slot and section.
///
/// Selecting an info row pushes the book's detail; selecting a rating row pushes its reviews.
public struct BookListScreen: Screen {
  /// Whose collections to show.
  public let user: String
  /// How many entries a page asks for.
  public let pageSize: Int

  /// Creates the screen.
  public init(user: String, pageSize: Int = 20) {
    self.user = user
    self.pageSize = pageSize
  }

  /// `books`.
  public var name: String { "books" }

  /// The first page of each status, 想读 first.
  public func requests(for load: ScreenLoad, state: ScreenState<BookCollections>) -> [ScreenRequest] {
    BookStatus.allCases.map { page(of: $0, start: 0) }
  }

  /// The next page of a status whose shelf is not complete.
  public func nextPage(of section: SectionID, state: ScreenState<BookCollections>) -> ScreenRequest? {
    guard let status = BookStatus(sectionID: section) else { return nil }
    // Called for every section on every build: count, rather than collect, what arrived.
    let progress = BookShelf.progress(of: state.pages(in: status.rawValue))
    guard progress.hasMore else { return nil }
    return page(of: status, start: progress.loaded)
  }

  /// The three sections, from every page loaded.
  public func sections(for state: ScreenState<BookCollections>) throws -> [Section] {
    BookListTransform.snapshot(Self.shelf(from: state)).sections
  }

  /// Info rows push the detail, rating rows the reviews.
  public func route(_ row: Row, state: ScreenState<BookCollections>) -> Route {
    guard let bookID = BookListTransform.bookID(in: row.id),
      let book = Self.shelf(from: state).book(id: bookID)
    else { return .none }
    switch row.model.as(BookListCell.self) {
    case .bookInfo: return .push(BookDetailScreen(book: book))
    case .bookRating: return .push(ReviewsScreen(book: book))
    case nil: return .none
    }
  }

  /// The shelf made of every page loaded, per status slot.
  static func shelf(from state: ScreenState<BookCollections>) -> BookShelf {
    var shelf = BookShelf()
    for status in BookStatus.allCases {
      for page in state.pages(in: status.rawValue) { shelf.append(page, for: status) }
    }
    return shelf
  }

  private func page(of status: BookStatus, start: Int) -> ScreenRequest {
    .get(
      "/v2/book/user/\(user)/collections",
      query: ["status": status.rawValue, "start": String(start), "count": String(pageSize)],
      slot: status.rawValue)
  }
}
