import TableCore
import TableFlow

/// The book list built from memoised rows (``ScreenState/rows(_:ofPages:build:)``): what
/// ``BookListScreen`` shows for one request per status, the same sections as
/// ``BookListTransform/sections(_:moves:)`` gives for the shelf of the same pages, at the cost
/// of what changed since the last build.
enum BookListRows {
  /// One status's section: its rows and the backend's total.
  struct Group {
    var id: SectionID
    var title: String
    var total: Int?
    var rows: [Row]

    var section: Section {
      Section(id: id, header: title, footer: total.map { "共 \($0) 本" }, rows: rows)
    }
  }

  /// The sections of one request per status, with `moves` applied: each status's rows built
  /// once per entry and reused while its pages stay (a page appended builds only its rows).
  static func sections(state: ScreenState<BookCollections>, moves: [ScreenChange]) -> [Section] {
    var groups: [Group] = []
    for status in BookStatus.allCases {
      let slot = status.rawValue
      let pages = state.pages(in: slot)
      let rows = state.rows(slot, ofPages: pages.map(\.collections.items)) { page, item, rows in
        appendRows(of: item, slot: slot, page: page, to: &rows)
      }
      guard !rows.isEmpty else { continue }
      groups.append(Group(id: status.sectionID, title: status.title, total: total(of: pages), rows: rows))
    }
    return applying(moves, to: groups).map(\.section)
  }

  /// The sections of the single-request list (``BookListScreen/Grouping/status``), with
  /// `moves` applied: what ``BookListTransform/groupedSections(_:slot:moves:)`` gives, each
  /// group's rows built once per entry and reused while the entry stays (a page appended
  /// builds only its entries' rows), and the grouping made again only for other pages.
  static func groupedSections(state: ScreenState<BookCollections>, moves: [ScreenChange]) -> [Section] {
    let groups = groups(state: state).map { group in
      Group(
        id: group.id, title: group.title, total: group.total,
        rows: state.rows(group.id, ofPages: [group.entries]) { _, entry, rows in
          appendRows(of: entry.item, slot: group.slot, page: entry.page, to: &rows)
        })
    }
    return applying(moves, to: groups).map(\.section)
  }

  /// The groups of the single-request list's pages, made again only when the pages change
  /// (``ScreenState/memoised(_:from:build:)``): ``BookListScreen/nextPage(of:state:)`` asks for
  /// them for every section of every build.
  static func groups(state: ScreenState<BookCollections>) -> [BookListTransform.BookGroup] {
    state.memoised("groups", from: state.pages(in: BookListScreen.allSlot)) {
      BookListTransform.groups($0, slot: BookListScreen.allSlot)
    }
  }

  /// The rows of one entry of page `page` of `slot`: a book's info and rating rows, or the
  /// placeholder of an entry that did not decode.
  static func appendRows(of item: Tolerant<MyBook>, slot: String, page: Int, to rows: inout [Row]) {
    switch item {
    case .valid(let myBook):
      let book = myBook.book
      rows.append(
        BookListCell.bookInfo(BookInfoCellModel(book: book)).row(
          id: BookListTransform.infoRowID(bookID: book.id)))
      rows.append(
        BookListCell.bookRating(BookRatingCellModel(book: book)).row(
          id: BookListTransform.ratingRowID(bookID: book.id)))
    case .invalid(let invalid):
      rows.append(
        invalid.row(id: BookListTransform.invalidRowID(slot: slot, page: page, index: invalid.index)))
    }
  }

  /// The total a shelf of these pages announces (``BookShelf/append(_:for:)``'s rule).
  static func total(of pages: [BookCollections]) -> Int? {
    var loaded = 0
    var total: Int?
    for page in pages {
      loaded += page.collections.count
      total = page.collections.isEmpty ? loaded : max(page.total, 0)
    }
    return total
  }

  /// The groups with each move applied in order, as ``BookListTransform/applying(_:to:)``
  /// does with entries: every entry of the book leaves its section (whose total drops by one),
  /// the first one becomes the first of the new status (whose total grows by one), a status
  /// with no section yet gets one in its place among the three, and emptied sections go.
  /// A book's entry is its info row and the rating row after it.
  /// - Complexity: O(moves × rows).
  static func applying(_ moves: [ScreenChange], to groups: [Group]) -> [Group] {
    guard !moves.isEmpty else { return groups }
    var groups = groups
    for move in moves {
      guard move.key.hasPrefix("book-"), let status = BookStatus(rawValue: move.value) else { continue }
      let info = BookListTransform.infoRowID(bookID: String(move.key.dropFirst("book-".count)))
      var moved: [Row]?
      for index in groups.indices {
        let rows = groups[index].rows
        guard rows.contains(where: { $0.id == info }) else { continue }
        var kept: [Row] = []
        kept.reserveCapacity(rows.count)
        var row = 0
        while row < rows.count {
          if rows[row].id == info && row + 1 < rows.count {
            if moved == nil { moved = [rows[row], rows[row + 1]] }
            row += 2
            continue
          }
          kept.append(rows[row])
          row += 1
        }
        groups[index].rows = kept
        groups[index].total = groups[index].total.map { $0 - 1 }
      }
      guard let entry = moved else { continue }
      if let target = groups.firstIndex(where: { $0.id == status.sectionID }) {
        groups[target].rows.insert(contentsOf: entry, at: 0)
        groups[target].total = groups[target].total.map { $0 + 1 }
      } else {
        let position = status.insertionIndex(among: groups.map(\.id))
        groups.insert(Group(id: status.sectionID, title: status.title, total: nil, rows: entry), at: position)
      }
    }
    return groups.filter { !$0.rows.isEmpty }
  }
}
