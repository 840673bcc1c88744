import TableCore
import TableFlow

/// The book list. By default one paginated request per status, each in its own slot and
/// section; with ``Grouping/status`` one request for every status (`status=`, as seed A
/// sends it), whose entries are grouped by their own `status`.
///
/// Selecting an info row pushes the book's detail; selecting a rating row pushes its reviews.
/// A book listed twice shows once, where it first appears, and the repeat is one log line.
public struct BookListScreen: Screen {
  /// How the list asks for its entries.
  public enum Grouping: String, Hashable, Sendable, CaseIterable {
    /// One request per status (`status=wish`, `reading`, `read`), each paginated on its own.
    case request
    /// One request for all statuses (`status=`); sections by each entry's status.
    case status
  }

  /// Whose collections to show.
  public let user: String
  /// How many entries a page asks for.
  public let pageSize: Int
  /// How the list asks for its entries.
  public let grouping: Grouping

  /// Creates the screen.
  public init(user: String, pageSize: Int = 20, grouping: Grouping = .request) {
    self.user = user
    self.pageSize = pageSize
    self.grouping = grouping
  }

  /// The slot of the single-request list.
  static let allSlot = "all"

  /// `books`.
  public var name: String { "books" }

  /// A book listed twice shows once: the repeat is dropped, and logged.
  public var duplicateIDPolicy: DuplicateIDPolicy { .keepFirst }

  /// The first page of each status, 想读 first; or the first page of all of them.
  public func requests(for load: ScreenLoad, state: ScreenState<BookCollections>) -> [ScreenRequest] {
    switch grouping {
    case .request: return BookStatus.allCases.map { page(of: $0.rawValue, start: 0, slot: $0.rawValue) }
    case .status: return [page(of: "", start: 0, slot: Self.allSlot)]
    }
  }

  /// The next page of a status whose shelf is not complete; in the single-request list, the
  /// next page of the whole collection, at the end of the last section. It starts where the
  /// newest page ended, moved by the books this screen moved since that page was served
  /// (`BookListPaging`): no entry is skipped when a move shifted the backend's list.
  public func nextPage(of section: SectionID, state: ScreenState<BookCollections>) -> ScreenRequest? {
    switch grouping {
    case .request:
      guard let status = BookStatus(sectionID: section) else { return nil }
      // Called for every section on every build: count, rather than collect, what arrived.
      guard let next = BookListPaging.next(in: status.rawValue, status: status, state: state), next.hasMore
      else { return nil }
      return page(of: status.rawValue, start: next.start, slot: status.rawValue)
    case .status:
      guard let next = BookListPaging.next(in: Self.allSlot, status: nil, state: state), next.hasMore,
        BookListRows.groups(state: state).last?.id == section
      else { return nil }
      return page(of: "", start: next.start, slot: Self.allSlot)
    }
  }

  /// The entries of the newest page in `slot` (a status, or the single request's), valid or
  /// not: with the page's `count`, what tells the pipeline that a load-more page came back
  /// short and is to be refilled.
  public func itemCount(ofNewestPageIn slot: String, state: ScreenState<BookCollections>) -> Int? {
    state.pages(in: slot).last.map(\.collections.count)
  }

  /// The sections, from every page loaded, repeats included (the policy drops them). Each
  /// entry's rows are built once and reused while its page stays (`ScreenState.rows(_:ofPages:build:)`).
  public func sections(for state: ScreenState<BookCollections>) throws -> [Section] {
    switch grouping {
    case .request: return BookListRows.sections(state: state, moves: state.changes)
    case .status:
      return BookListRows.groupedSections(state: state, moves: state.changes)
    }
  }

  /// `entry 12 of page read/0`: the page (per slot, from 0) and the entry in it (from 0).
  public func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<BookCollections>
  ) -> [String?] {
    if grouping == .request && state.changes.isEmpty {
      // Each section is its status's pages as they are: walk them, copying nothing.
      return BookListTransform.origins(of: positions, in: sections) { id in
        BookStatus(sectionID: id).map { ($0.rawValue, state.pages(in: $0.rawValue)) }
      }
    }
    let groups =
      switch grouping {
      case .request: BookListTransform.groups(Self.shelf(from: state))
      case .status: BookListRows.groups(state: state)
      }
    return BookListTransform.origins(
      of: positions, in: sections, groups: BookListTransform.applying(state.changes, to: groups))
  }

  /// The actions of a book's rows: `mark-wish`, `mark-reading`, `mark-read` move the book to
  /// 想读, 在读 or 读过 at once (an optimistic change, presented as a move across sections) and
  /// send `POST /v2/book/{id}/collection` `{"status": …}`; if it fails, the book moves back and
  /// an error row says why.
  public func route(action name: String, in row: Row, state: ScreenState<BookCollections>) -> Route? {
    guard row.kind == BookListCell.bookInfoKind || row.kind == BookListCell.bookRatingKind,
      let bookID = BookListTransform.bookID(in: row.id), name.hasPrefix("mark-"),
      let status = BookStatus(rawValue: String(name.dropFirst("mark-".count)))
    else { return nil }
    let body = Array(#"{"status":"\#(status.rawValue)"}"#.utf8)
    return .change(
      ScreenChange(key: BookListTransform.moveKey(bookID: bookID), value: status.rawValue),
      send: .post("/v2/book/\(bookID)/collection", json: body, slot: "collection"))
  }

  /// Info rows push the detail, rating rows the reviews.
  public func route(_ row: Row, state: ScreenState<BookCollections>) -> Route {
    guard let bookID = BookListTransform.bookID(in: row.id), let book = book(id: bookID, state: state) else {
      return .none
    }
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

  private func book(id: String, state: ScreenState<BookCollections>) -> Book? {
    let slots =
      switch grouping {
      case .request: BookStatus.allCases.map(\.rawValue)
      case .status: [Self.allSlot]
      }
    for slot in slots {
      for page in state.pages(in: slot) {
        for case .valid(let entry) in page.collections where entry.book.id == id { return entry.book }
      }
    }
    return nil
  }

  private func page(of status: String, start: Int, slot: String) -> ScreenRequest {
    .get(
      "/v2/book/user/\(user)/collections",
      query: ["status": status, "start": String(start), "count": String(pageSize)], slot: slot)
  }
}
