import TableCore

/// A row that only says something: a placeholder while loading, "no reviews yet", a
/// backend's message.
public struct MessageCellModel: CellModel {
  /// The cell kind of message rows.
  public static let kind: CellKind = "message"

  /// The text shown.
  public let text: String

  /// Creates a message.
  public init(text: String) {
    self.text = text
  }

  /// `text`.
  public var fields: [Field] { [Field("text", .text(text))] }

  /// One or more lines of 15-point text.
  public var height: Double {
    CellLayout.height([.init(text: text, fontSize: 15)])
  }
}
