import TableCore

/// The book list screen: three sections 想读 / 在读 / 读过, an info row and a rating row per
/// book. (The pipeline adds the load-more row of a section with pages left.)
public enum BookListTransform {
  /// The id of a book's info row.
  public static func infoRowID(bookID: String) -> RowID { RowID("book-\(bookID)-info") }

  /// The id of a book's rating row.
  public static func ratingRowID(bookID: String) -> RowID { RowID("book-\(bookID)-rating") }

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

  /// Builds the list from what has been loaded.
  ///
  /// A book listed twice (the backend does this) shows once, where it first appears; a section
  /// with no books is left out.
  /// - Complexity: O(n) in the number of loaded entries.
  public static func snapshot(_ shelf: BookShelf) -> TableSnapshot {
    // Info and rating ids differ only by a suffix, so a book id seen once claims both.
    var seen = Set<String>()
    var sections: [Section] = []
    for status in BookStatus.allCases {
      let loaded = shelf[status]
      var rows: [Row] = []
      rows.reserveCapacity(loaded.entries.count * 2 + 1)
      for entry in loaded.entries {
        let book = entry.book
        guard seen.insert(book.id).inserted else { continue }
        rows.append(BookListCell.bookInfo(BookInfoCellModel(book: book)).row(id: infoRowID(bookID: book.id)))
        rows.append(
          BookListCell.bookRating(BookRatingCellModel(book: book)).row(id: ratingRowID(bookID: book.id)))
      }
      guard !rows.isEmpty else { continue }
      let footer = loaded.total.map { "共 \($0) 本" }
      sections.append(Section(id: status.sectionID, header: status.title, footer: footer, rows: rows))
    }
    return TableSnapshot(uncheckedSections: sections)
  }
}
