/// One row of a table: identity, cell kind, typed model and height.
///
/// Identity is `id`; content is `kind` + `model` + `height`. Rows are immutable values.
public struct Row: Hashable, Sendable {
  /// The row's stable identity, unique in its snapshot.
  public let id: RowID
  /// The cell kind (reuse identifier) that displays the row.
  public let kind: CellKind
  /// The typed cell model, erased.
  public let model: AnyCellModel
  /// The height in points, computed by the model.
  public let height: Double

  /// Creates a row from a typed model; the height comes from the model.
  public init<Model: CellModel>(id: RowID, kind: CellKind, model: Model) {
    self.init(id: id, kind: kind, model: AnyCellModel(model))
  }

  /// Creates a row from an erased model; the height comes from the model.
  public init(id: RowID, kind: CellKind, model: AnyCellModel) {
    self.id = id
    self.kind = kind
    self.model = model
    self.height = model.height
  }

  /// The model's fields in declaration order.
  public var fields: [Field] { model.fields }

  /// Whether `other` shows the same content: same kind, model and height.
  public func hasSameContent(as other: Row) -> Bool {
    kind == other.kind && height == other.height && model == other.model
  }
}
