/// One row of a table: identity, cell kind, typed model and height.
///
/// Identity is `id`; content is `kind` + `model` + `height`. Rows are immutable values. A row
/// is one reference to shared, immutable storage, so copying rows between snapshots (which
/// the diff's intermediate stages do by the hundred thousand) costs one reference count, and
/// two copies of a row compare equal by identity before comparing their parts.
public struct Row: Hashable, Sendable {
  private let storage: RowStorage

  /// The row's stable identity, unique in its snapshot.
  public var id: RowID { storage.id }
  /// The cell kind (reuse identifier) that displays the row.
  public var kind: CellKind { storage.kind }
  /// The typed cell model, erased.
  public var model: AnyCellModel { storage.model }
  /// The height in points, computed by the model.
  public var height: Double { storage.model.height }

  /// Creates a row from a typed model; the height comes from the model.
  public init<Model: CellModel>(id: RowID, kind: CellKind, model: Model) {
    self.init(id: id, kind: kind, model: AnyCellModel(model))
  }

  /// Creates a row from an erased model; the height comes from the model.
  public init(id: RowID, kind: CellKind, model: AnyCellModel) {
    storage = RowStorage(id: id, kind: kind, model: model)
  }

  /// The model's fields in declaration order.
  public var fields: [Field] { model.fields }

  /// Whether both rows are copies of one row (same storage): then id and content agree.
  func isSameRow(as other: Row) -> Bool { storage === other.storage }

  /// Whether the rows have the same id, comparing shared storage before the strings.
  func hasSameID(as other: Row) -> Bool {
    storage === other.storage || storage.id == other.storage.id
  }

  /// Whether `other` shows the same content: same kind, model and height.
  public func hasSameContent(as other: Row) -> Bool {
    if storage === other.storage { return true }
    return storage.kind == other.storage.kind && storage.model == other.storage.model
  }

  /// Whether the rows have the same id, kind, model and height.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.storage.id == rhs.storage.id && lhs.hasSameContent(as: rhs)
  }

  /// Hashes id, kind and model (the model determines the height).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.id)
    hasher.combine(storage.kind)
    hasher.combine(storage.model)
  }
}

/// The immutable parts of a ``Row``, shared by its copies.
private final class RowStorage: Sendable {
  let id: RowID
  let kind: CellKind
  let model: AnyCellModel

  init(id: RowID, kind: CellKind, model: AnyCellModel) {
    self.id = id
    self.kind = kind
    self.model = model
  }
}
