import TableCore

/// A row of the book list, as seed A's enum: the compiler checks every kind is handled.
public enum BookListCell: CellModel {
  /// A book's info row.
  case bookInfo(BookInfoCellModel)
  /// A book's rating row.
  case bookRating(BookRatingCellModel)

  /// The cell kind of info rows.
  public static let bookInfoKind: CellKind = "bookInfo"
  /// The cell kind of rating rows.
  public static let bookRatingKind: CellKind = "bookRating"

  /// The cell kind (reuse identifier) that displays this row.
  public var kind: CellKind {
    switch self {
    case .bookInfo: return Self.bookInfoKind
    case .bookRating: return Self.bookRatingKind
    }
  }

  /// The wrapped model's fields.
  public var fields: [Field] {
    switch self {
    case .bookInfo(let model): return model.fields
    case .bookRating(let model): return model.fields
    }
  }

  /// The wrapped model's height.
  public var height: Double {
    switch self {
    case .bookInfo(let model): return model.height
    case .bookRating(let model): return model.height
    }
  }

  /// A row showing this cell.
  public func row(id: RowID) -> Row {
    Row(id: id, kind: kind, model: self)
  }
}
