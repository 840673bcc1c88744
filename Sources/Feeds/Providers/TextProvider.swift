import TableCore

/// Seed B's provider: a row that knows its cell class and computes its own height in the
/// model, once, off the view: 40 points above the text (the title's band), the text's height,
/// and 21 below.
public struct TextProvider: CellModel {
  /// The cell class that shows it, which is also the row's kind (the reuse identifier).
  public static let cellClassName: CellKind = "TextProviderCell"

  /// The title, 我是标题 in the demo.
  public let title: String
  /// The text, wrapped to the table's width.
  public let text: String
  /// The height: 40 + the text's height (15 pt, as many lines as it needs) + 21.
  public let height: Double

  /// Creates the provider and measures its text.
  public init(title: String, text: String) {
    self.title = title
    self.text = text
    height = 40 + Self.textHeight(text) + 21
  }

  /// The text's height at 15 points, wrapped to the table's width, in whole points.
  public static func textHeight(_ text: String) -> Double {
    CellLayout.height([.init(text: text, fontSize: 15)], padding: 0)
  }

  /// `title`, `text`.
  public var fields: [Field] { [Field("title", .text(title)), Field("text", .text(text))] }

  /// A row showing this provider, of the kind ``cellClassName``.
  public func row(id: RowID) -> Row { Row(id: id, kind: Self.cellClassName, model: self) }
}
