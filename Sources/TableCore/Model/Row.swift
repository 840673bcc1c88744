/// One row of a table: identity, cell kind, typed model and height.
///
/// Identity is `id`; content is `kind` + `model` + `height`. Rows are immutable values. A row
/// is one reference to shared, immutable storage (id, kind, typed model and height, one
/// allocation per row), so copying rows between snapshots (which the diff's intermediate
/// stages do by the hundred thousand) costs one reference count, and two copies of a row
/// compare equal by identity before comparing their parts.
public struct Row: Hashable, Sendable {
  @usableFromInline let storage: CellModelBox

  /// The row's stable identity, unique in its snapshot.
  public var id: RowID { storage.id }
  /// The cell kind (reuse identifier) that displays the row.
  public var kind: CellKind { storage.kind }
  /// The typed cell model, erased.
  public var model: AnyCellModel { AnyCellModel(box: storage) }
  /// The height in points, computed by the model.
  public var height: Double { storage.height }

  /// Creates a row from a typed model; the height comes from the model.
  @inlinable
  public init<Model: CellModel>(id: RowID, kind: CellKind, model: Model) {
    storage = TypedCellModelBox(model, id: id, kind: kind)
  }

  /// Creates a row from an erased model; the height comes from the model.
  public init(id: RowID, kind: CellKind, model: AnyCellModel) {
    storage = model.box.reboxed(id: id, kind: kind)
  }

  /// The model's fields in declaration order.
  public var fields: [Field] { storage.fields }

  /// Whether both rows are copies of one row (same storage): then id and content agree.
  func isSameRow(as other: Row) -> Bool { storage === other.storage }

  /// Whether `lhs` and `rhs` hold the very same rows (same storage, in order): one comparison
  /// of references per row, over plain memory, never touching the rows' contents.
  static func areSameRows(_ lhs: ArraySlice<Row>, _ rhs: ArraySlice<Row>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // A row is one reference: compare the words; were it not, compare row by row.
    guard MemoryLayout<Row>.stride == MemoryLayout<UInt>.stride else {
      return zip(lhs, rhs).allSatisfy { $0.isSameRow(as: $1) }
    }
    return lhs.withUnsafeBytes { lhs in
      rhs.withUnsafeBytes { rhs in
        var differs: UInt = 0
        for offset in stride(from: 0, to: lhs.count, by: MemoryLayout<UInt>.stride) {
          differs |=
            lhs.load(fromByteOffset: offset, as: UInt.self) ^ rhs.load(fromByteOffset: offset, as: UInt.self)
        }
        return differs == 0
      }
    }
  }

  /// Whether the rows have the same id, comparing shared storage before the strings.
  func hasSameID(as other: Row) -> Bool {
    storage === other.storage || storage.id == other.storage.id
  }

  /// Whether `other` shows the same content: same kind, model and height.
  public func hasSameContent(as other: Row) -> Bool {
    if storage === other.storage { return true }
    return storage.kind == other.storage.kind && storage.isEqual(to: other.storage)
  }

  /// Whether `other` has the same kind and the same model digest: what the diff takes for
  /// the same content. Computed when each row was made, the digest costs one comparison
  /// here, however large the model; rows shared with the previous snapshot compare by
  /// storage. Unequal digests prove that the content changed; equal digests of unequal
  /// models would need a collision of 64-bit `Hasher` values (odds about 2⁻⁶⁴ per pair, the
  /// seed random per process), which would leave that row unreconfigured.
  func hasSameDigest(as other: Row) -> Bool {
    storage === other.storage
      || (storage.contentDigest == other.storage.contentDigest && storage.kind == other.storage.kind)
  }

  /// Whether the rows have the same id, kind, model and height.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.storage.id == rhs.storage.id && lhs.hasSameContent(as: rhs)
  }

  /// Hashes id, kind and model (the model determines the height; its hash was computed once,
  /// when the row was made).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.id)
    hasher.combine(storage.kind)
    hasher.combine(storage.contentDigest)
  }
}
