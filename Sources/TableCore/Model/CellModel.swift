/// A typed cell model: what one row shows.
///
/// Feeds write cell models as structs or enums with associated values. A model exposes its
/// fields in declaration order for logs and interchange, and computes its own height (seed B:
/// layout is paid once, in the model, off the view).
///
/// One cell kind may accept several model types: declare a protocol for what the cell needs
/// and make each model type conform (seed E).
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
  private let box: CellModelBox

  /// Wraps a model.
  public init<Model: CellModel>(_ model: Model) {
    self.box = TypedCellModelBox(model)
  }

  /// The wrapped model.
  public var base: any CellModel { box.base }

  /// The wrapped model's fields in declaration order.
  public var fields: [Field] { box.base.fields }

  /// The wrapped model's height in points, computed once when the model was wrapped.
  public var height: Double { box.height }

  /// Returns the wrapped model as `Model`, or `nil` when it is of another type.
  public func `as`<Model: CellModel>(_ type: Model.Type) -> Model? { box.base as? Model }

  /// Compares the wrapped values; models of different types are never equal.
  public static func == (lhs: AnyCellModel, rhs: AnyCellModel) -> Bool {
    lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) {
    box.hash(into: &hasher)
  }
}

/// The shared, immutable box behind ``AnyCellModel``: a reference, so that copies of a row
/// share one model and compare by identity.
///
/// `@unchecked Sendable` is safe: every stored property here and in the only subclass,
/// ``TypedCellModelBox``, is a `let` of a `Sendable` type, so a box never changes after
/// `init`. (The checker refuses `Sendable` on a non-final class, whatever its contents.)
private class CellModelBox: @unchecked Sendable {
  let base: any CellModel
  let modelType: ObjectIdentifier
  let height: Double

  init(base: any CellModel, modelType: ObjectIdentifier) {
    self.base = base
    self.modelType = modelType
    self.height = base.height
  }

  func isEqual(to other: CellModelBox) -> Bool { false }

  func hash(into hasher: inout Hasher) {}
}

private final class TypedCellModelBox<Model: CellModel>: CellModelBox, @unchecked Sendable {
  let model: Model

  init(_ model: Model) {
    self.model = model
    super.init(base: model, modelType: ObjectIdentifier(Model.self))
  }

  override func isEqual(to other: CellModelBox) -> Bool {
    guard other.modelType == modelType else { return false }
    // Boxes are made only by this class's init, which records `Model`, so equal model types
    // mean `other` is a `TypedCellModelBox<Model>`: the downcast cannot be wrong.
    // `type(of: self)` reads the metadata from `self`, sparing a generic metadata lookup.
    return model == unsafeDowncast(other, to: type(of: self)).model
  }

  override func hash(into hasher: inout Hasher) {
    model.hash(into: &hasher)
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
