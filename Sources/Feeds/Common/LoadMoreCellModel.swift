import TableCore

/// The row at the end of a paginated section that fetches the next page.
public struct LoadMoreCellModel: CellModel {
  /// The cell kind of load-more rows.
  public static let kind: CellKind = "loadMore"

  /// The button title, e.g. `加载更多`.
  public let title: String
  /// How many entries are loaded.
  public let loaded: Int
  /// How many entries there are in all.
  public let total: Int

  /// Creates a load-more row model.
  public init(title: String = "加载更多", loaded: Int, total: Int) {
    self.title = title
    self.loaded = loaded
    self.total = total
  }

  /// `title`, `loaded`, `total`.
  public var fields: [Field] {
    [Field("title", .text(title)), Field("loaded", .integer(loaded)), Field("total", .integer(total))]
  }

  /// A standard 44-point row.
  public var height: Double { 44 }
}
