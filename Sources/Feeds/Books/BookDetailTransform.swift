import TableCore

/// The book detail screen: a static table of title, authors and publisher (seed A).
public enum BookDetailTransform {
  /// The id of the detail's only section.
  public static let sectionID: SectionID = "detail"

  /// Builds the detail of `book`.
  public static func snapshot(_ book: Book) -> TableSnapshot {
    let values = [
      ("detail-title", "书名", book.title),
      ("detail-authors", "作者", book.author.joined(separator: "、")),
      ("detail-publisher", "出版社", book.publisher),
    ]
    let rows = values.map { id, label, value in
      Row(
        id: RowID(id), kind: DetailFieldCellModel.kind,
        model: DetailFieldCellModel(label: label, value: value))
    }
    return TableSnapshot(uncheckedSections: [
      Section(id: sectionID, header: book.title, style: .static, rows: rows)
    ])
  }
}
