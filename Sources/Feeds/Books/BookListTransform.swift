import TableCore
import TableFlow

/// The book list screen: three sections 想读 / 在读 / 读过, an info row and a rating row per
/// book, a placeholder row (`tableflow.invalid`) per entry that did not decode. (The pipeline
/// adds the load-more row of a section with pages left.)
public enum BookListTransform {
  /// The id of a book's info row.
  public static func infoRowID(bookID: String) -> RowID { RowID("book-\(bookID)-info") }

  /// The id of a book's rating row.
  public static func ratingRowID(bookID: String) -> RowID { RowID("book-\(bookID)-rating") }

  /// The id of the placeholder row of the entry at `index` of page `page` of `slot`.
  public static func invalidRowID(slot: String, page: Int, index: Int) -> RowID {
    RowID("book-invalid-\(slot)-\(page)-\(index)")
  }

  /// The book id in an info or rating row id, or `nil` for another row.
  public static func bookID(in row: RowID) -> String? {
    let text = row.rawValue
    guard text.hasPrefix("book-") else { return nil }
    for suffix in ["-info", "-rating"] where text.hasSuffix(suffix) {
      let id = text.dropFirst("book-".count).dropLast(suffix.count)
      return id.isEmpty ? nil : String(id)
    }
    return nil
  }

  /// The sections for what has been loaded, one per status, with every entry: a book listed
  /// twice shows twice (the screen's `DuplicateIDPolicy.keepFirst` drops the repeat and logs
  /// it). A status with no entries is left out.
  /// - Complexity: O(n) in the number of loaded entries.
  public static func sections(_ shelf: BookShelf, moves: [ScreenChange] = []) -> [Section] {
    applying(moves, to: groups(shelf)).map(\.section)
  }

  /// The sections of the single-request list (`grouping=status`): every page of one request
  /// for all statuses, grouped by each entry's own `status` — 想读, 在读, 读过, then any other
  /// status under its own name, in order of appearance.
  /// - Complexity: O(n) in the number of loaded entries.
  public static func groupedSections(
    _ pages: [BookCollections], slot: String, moves: [ScreenChange] = []
  ) -> [Section] {
    applying(moves, to: groups(pages, slot: slot)).map(\.section)
  }

  /// The key of the change that moves the book `bookID` to another status.
  public static func moveKey(bookID: String) -> String { "book-\(bookID)" }

  /// The groups with each move applied in order (``moveKey(bookID:)`` to a status): the book
  /// leaves its section and becomes the first of its new status, as the backend does; each
  /// section's "共 N 本" counts the moves in and out.
  /// - Complexity: O(moves × entries).
  static func applying(_ moves: [ScreenChange], to groups: [BookGroup]) -> [BookGroup] {
    guard !moves.isEmpty else { return groups }
    var groups = groups
    for move in moves {
      guard move.key.hasPrefix("book-"), let status = BookStatus(rawValue: move.value) else { continue }
      let bookID = String(move.key.dropFirst("book-".count))
      var moved: BookGroup.Entry?
      for index in groups.indices {
        let before = groups[index].entries.count
        groups[index].entries.removeAll { entry in
          guard case .valid(let myBook) = entry.item, myBook.book.id == bookID else { return false }
          if moved == nil { moved = entry }
          return true
        }
        if groups[index].entries.count < before { groups[index].total = groups[index].total.map { $0 - 1 } }
      }
      guard let entry = moved else { continue }
      if let target = groups.firstIndex(where: { $0.id == status.sectionID }) {
        groups[target].entries.insert(entry, at: 0)
        groups[target].total = groups[target].total.map { $0 + 1 }
      } else {
        // A status with no section yet: it takes its place among the three.
        let position = status.insertionIndex(among: groups.map(\.id))
        var group = BookGroup(id: status.sectionID, title: status.title, total: nil, slot: status.rawValue)
        group.entries = [entry]
        groups.insert(group, at: position)
      }
    }
    return groups.filter { !$0.entries.isEmpty }
  }

  /// The list as a validated snapshot, as the screen shows it: a book listed twice shows once,
  /// where it first appears.
  public static func snapshot(_ shelf: BookShelf) -> TableSnapshot {
    let sections = sections(shelf)
    var builder = SnapshotBuilder(policy: .keepFirst)
    for section in sections { builder.appendSection(section) }
    // Heights come from CellLayout and are always finite: the build cannot fail.
    return (try? builder.build()) ?? TableSnapshot(uncheckedSections: sections)
  }

  /// Where each row at `positions` of `sections` (as ``sections(_:)`` or
  /// ``groupedSections(_:slot:)`` made them from the same pages) came from: `entry 12 of
  /// page read/0`.
  /// - Complexity: O(entries of the sections named), once per call.
  static func origins(of positions: [RowPosition], in sections: [Section], groups: [BookGroup]) -> [String?] {
    var table: [Int: [String]] = [:]
    return positions.map { position in
      guard sections.indices.contains(position.section) else { return nil }
      let id = sections[position.section].id
      if table[position.section] == nil {
        table[position.section] = groups.first { $0.id == id }?.rowOrigins ?? []
      }
      let origins = table[position.section] ?? []
      return origins.indices.contains(position.row) ? origins[position.row] : nil
    }
  }

  /// Where each row at `positions` of `sections` came from, for sections made by
  /// ``sections(_:moves:)`` without moves, whose rows are the entries of their slot's pages in
  /// order (`pages` names the slot and pages of a section id): ``origins(of:in:groups:)``'s
  /// answer, walking each named section's pages once, without copying an entry or making an
  /// origin for a row not asked about.
  /// - Complexity: O(entries of the sections named + positions × log positions).
  static func origins(
    of positions: [RowPosition], in sections: [Section],
    pages: (SectionID) -> (slot: String, pages: [BookCollections])?
  ) -> [String?] {
    var wanted: [Int: [Int]] = [:]
    for position in positions where sections.indices.contains(position.section) {
      wanted[position.section, default: []].append(position.row)
    }
    var found: [RowPosition: String] = [:]
    for (section, rows) in wanted {
      guard let (slot, pages) = pages(sections[section].id) else { continue }
      let rows = rows.sorted()
      var next = 0  // the first of `rows` not yet reached
      var row = 0  // the first row of the entry at hand
      walk: for (pageIndex, page) in pages.enumerated() {
        page.collections.items.withUnsafeBufferPointer { items in
          for index in items.indices {
            guard next < rows.count else { return }
            var end = row + 1
            if case .valid = items[index] { end += 1 }
            while next < rows.count && rows[next] < end {
              if rows[next] >= row {
                found[RowPosition(section: section, row: rows[next])] =
                  "entry \(index) of page \(slot)/\(pageIndex)"
              }
              next += 1
            }
            row = end
          }
        }
        if next == rows.count { break walk }
      }
    }
    return positions.map { found[$0] }
  }

  // MARK: Groups

  /// One section's entries, with where each came from.
  struct BookGroup {
    struct Entry: Hashable {
      var item: Tolerant<MyBook>
      var page: Int
      var index: Int
    }

    var id: SectionID
    var title: String
    /// The backend's total for the section, shown as "共 N 本"; `nil` for none.
    var total: Int?
    var slot: String
    var entries: [Entry] = []

    var section: Section {
      var rows: [Row] = []
      rows.reserveCapacity(entries.count * 2)
      for entry in entries {
        switch entry.item {
        case .valid(let myBook):
          let book = myBook.book
          rows.append(
            BookListCell.bookInfo(BookInfoCellModel(book: book)).row(id: infoRowID(bookID: book.id)))
          rows.append(
            BookListCell.bookRating(BookRatingCellModel(book: book)).row(id: ratingRowID(bookID: book.id)))
        case .invalid(let item):
          rows.append(item.row(id: invalidRowID(slot: slot, page: entry.page, index: entry.index)))
        }
      }
      return Section(id: id, header: title, footer: total.map { "共 \($0) 本" }, rows: rows)
    }

    /// One origin per row of ``section``.
    var rowOrigins: [String] {
      var origins: [String] = []
      origins.reserveCapacity(entries.count * 2)
      for entry in entries {
        let origin = "entry \(entry.index) of page \(slot)/\(entry.page)"
        origins.append(origin)
        if case .valid = entry.item { origins.append(origin) }
      }
      return origins
    }
  }

  static func groups(_ shelf: BookShelf) -> [BookGroup] {
    var groups: [BookGroup] = []
    for status in BookStatus.allCases {
      let loaded = shelf[status]
      guard !loaded.items.isEmpty else { continue }
      var group = BookGroup(
        id: status.sectionID, title: status.title, total: loaded.total, slot: status.rawValue)
      group.entries.reserveCapacity(loaded.items.count)
      var page = 0
      for (index, item) in loaded.items.enumerated() {
        while page + 1 < loaded.pageStarts.count && loaded.pageStarts[page + 1] <= index { page += 1 }
        let start = loaded.pageStarts.isEmpty ? 0 : loaded.pageStarts[page]
        group.entries.append(BookGroup.Entry(item: item, page: page, index: index - start))
      }
      groups.append(group)
    }
    return groups
  }

  static func groups(_ pages: [BookCollections], slot: String) -> [BookGroup] {
    var groups = BookStatus.allCases.map {
      BookGroup(id: $0.sectionID, title: $0.title, total: nil, slot: slot)
    }
    var positions: [String: Int] = [:]
    for (index, status) in BookStatus.allCases.enumerated() { positions[status.rawValue] = index }
    // Entries that did not decode have no status: they stay where they were, in the group
    // of the entry before them.
    var current = 0
    for (pageIndex, page) in pages.enumerated() {
      for (index, item) in page.collections.enumerated() {
        if case .valid(let entry) = item {
          if let position = positions[entry.status] {
            current = position
          } else {
            positions[entry.status] = groups.count
            current = groups.count
            groups.append(
              BookGroup(id: SectionID(entry.status), title: entry.status, total: nil, slot: slot))
          }
        }
        groups[current].entries.append(BookGroup.Entry(item: item, page: pageIndex, index: index))
      }
    }
    return groups.filter { !$0.entries.isEmpty }
  }
}
