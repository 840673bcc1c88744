import TableCore

/// A labelled value in a static form: `书名: 三体`.
public struct DetailFieldCellModel: CellModel {
  /// The cell kind of labelled values.
  public static let kind: CellKind = "detailField"

  /// The label.
  public let label: String
  /// The value.
  public let value: String

  /// Creates a labelled value.
  public init(label: String, value: String) {
    self.label = label
    self.value = value
  }

  /// `label`, `value`.
  public var fields: [Field] { [Field("label", .text(label)), Field("value", .text(value))] }

  /// The value in 17-point lines beside a fixed label column.
  public var height: Double {
    CellLayout.height([.init(text: value, fontSize: 17)]).rounded(.up)
  }
}
