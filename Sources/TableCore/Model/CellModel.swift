/// A typed cell model: what one row shows.
///
/// Feeds write cell models as structs or enums with associated values. A model exposes its
/// fields in declaration order for logs and interchange, and computes its own height (seed B:
/// layout is paid once, in the model, off the view).
///
/// One cell kind may accept several model types: declare a protocol for what the cell needs
/// and make each model type conform (seed E).
///
/// A model is hashed once, when its row is made (the digest the diff compares). `String`'s
/// hash normalises a non-ASCII text's Unicode first, several times its length: a model with
/// long non-ASCII texts made for every item of a large answer can compare and hash their
/// `utf8` bytes instead, as the books feed's `BookInfoCellModel` does.
public protocol CellModel: Hashable, Sendable {
  /// The model's fields in declaration order, as logs and interchange JSON show them.
  var fields: [Field] { get }

  /// The row's height in points, computed from the model's content.
  var height: Double { get }
}

/// A type-erased cell model, as stored inside a ``Row``.
///
/// Two erased models are equal when they wrap equal values of the same type. Rows that share
/// one erased model (a snapshot built from another's rows) compare by identity first, so
/// diffing unchanged rows costs a pointer comparison.
public struct AnyCellModel: Hashable, Sendable {
  /// The box: for a row's model, the row's own storage.
  @usableFromInline let box: CellModelBox

  /// Wraps a model.
  @inlinable
  public init<Model: CellModel>(_ model: Model) {
    self.box = TypedCellModelBox(model, id: RowID(""), kind: CellKind(""))
  }

  /// The model a row's storage holds.
  init(box: CellModelBox) {
    self.box = box
  }

  /// The wrapped model.
  public var base: any CellModel { box.base }

  /// The wrapped model's fields in declaration order.
  public var fields: [Field] { box.fields }

  /// The wrapped model's height in points, computed once when the model was wrapped.
  public var height: Double { box.height }

  /// Returns the wrapped model as `Model`, or `nil` when it is of another type.
  public func `as`<Model: CellModel>(_ type: Model.Type) -> Model? { box.base as? Model }

  /// Compares the wrapped values; models of different types are never equal.
  public static func == (lhs: AnyCellModel, rhs: AnyCellModel) -> Bool {
    lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
  }

  /// Hashes the wrapped value (its digest, computed once when it was wrapped).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(box.contentDigest)
  }
}

/// The shared, immutable storage of a ``Row`` and of an ``AnyCellModel``: the row's id and
/// kind, the typed model and its height, in one allocation. A reference, so that copies of a
/// row share it and compare by identity; a standalone erased model has an empty id and kind.
///
/// `@unchecked Sendable` is safe: every stored property here and in the only subclass,
/// ``TypedCellModelBox``, is a `let` of a `Sendable` type, so a box never changes after
/// `init`. (The checker refuses `Sendable` on a non-final class, whatever its contents.)
@usableFromInline
class CellModelBox: @unchecked Sendable {
  // The order of the stored properties is the layout: id, kind and digest, what trimming and
  // the diff read of every row, share the object's first 64 bytes with its header.
  let id: RowID
  let kind: CellKind
  /// The model's hash with its type, computed once when the model is boxed: equal models
  /// have equal digests, so unequal digests prove the models differ, and the diff takes equal
  /// digests (with equal kinds) as the same content (see ``Row/hasSameDigest(as:)``).
  let contentDigest: Int
  let modelType: ObjectIdentifier
  let height: Double

  @usableFromInline
  init(id: RowID, kind: CellKind, modelType: ObjectIdentifier, height: Double, contentDigest: Int) {
    self.id = id
    self.kind = kind
    self.modelType = modelType
    self.height = height
    self.contentDigest = contentDigest
  }

  // The members below are overridden by ``TypedCellModelBox``, the only class ever
  // instantiated; these bodies are never run.

  /// The model, as an existential (boxed on demand, not stored).
  var base: any CellModel { FieldsModel(fields: [], height: height) }

  /// The model's fields.
  var fields: [Field] { [] }

  /// Whether the models are equal (ids and kinds are not compared).
  func isEqual(to other: CellModelBox) -> Bool { false }

  /// The same model in a new box with this id and kind.
  func reboxed(id: RowID, kind: CellKind) -> CellModelBox { self }
}

///
/// Its initializer is inlinable, so that a feed's module makes its rows without looking up
/// the generic class's metadata for each one.
@usableFromInline
final class TypedCellModelBox<Model: CellModel>: CellModelBox, @unchecked Sendable {
  @usableFromInline let model: Model

  @inlinable
  init(_ model: Model, id: RowID, kind: CellKind) {
    self.model = model
    var hasher = Hasher()
    hasher.combine(ObjectIdentifier(Model.self))
    model.hash(into: &hasher)
    super.init(
      id: id, kind: kind, modelType: ObjectIdentifier(Model.self), height: model.height,
      contentDigest: hasher.finalize())
  }

  /// A box of `model` whose height and digest are already known (a reboxed model).
  @usableFromInline
  init(_ model: Model, id: RowID, kind: CellKind, height: Double, contentDigest: Int) {
    self.model = model
    super.init(
      id: id, kind: kind, modelType: ObjectIdentifier(Model.self), height: height,
      contentDigest: contentDigest)
  }

  override var base: any CellModel { model }

  override var fields: [Field] { model.fields }

  override func isEqual(to other: CellModelBox) -> Bool {
    guard other.modelType == modelType, other.contentDigest == contentDigest else { return false }
    // Boxes are made only by this class's init, which records `Model`, so equal model types
    // mean `other` is a `TypedCellModelBox<Model>`: the downcast cannot be wrong.
    // `type(of: self)` reads the metadata from `self`, sparing a generic metadata lookup.
    return model == unsafeDowncast(other, to: type(of: self)).model
  }

  override func reboxed(id: RowID, kind: CellKind) -> CellModelBox {
    TypedCellModelBox(model, id: id, kind: kind, height: height, contentDigest: contentDigest)
  }
}

/// A cell model that is nothing but its fields: what interchange JSON decodes into, and a
/// convenient model for rows that need no type of their own.
public struct FieldsModel: CellModel {
  /// The fields in order.
  public let fields: [Field]
  /// The height in points.
  public let height: Double

  /// Creates a model from its fields and height.
  public init(fields: [Field], height: Double) {
    self.fields = fields
    self.height = height
  }
}
