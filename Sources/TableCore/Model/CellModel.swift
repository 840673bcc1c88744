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
  private let storage: CellModelStorage

  /// Wraps a model.
  public init<Model: CellModel>(_ model: Model) {
    self.storage = CellModelStorage(model)
  }

  /// The wrapped model.
  public var base: any CellModel { storage.base }

  /// The wrapped model's fields in declaration order.
  public var fields: [Field] { storage.base.fields }

  /// The wrapped model's height in points, computed once when the model was wrapped.
  public var height: Double { storage.height }

  /// Returns the wrapped model as `Model`, or `nil` when it is of another type.
  public func `as`<Model: CellModel>(_ type: Model.Type) -> Model? { storage.base as? Model }

  /// Compares the wrapped values; models of different types are never equal.
  public static func == (lhs: AnyCellModel, rhs: AnyCellModel) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.storage.modelType == rhs.storage.modelType else { return false }
    return lhs.storage.base.isEqual(to: rhs.storage.base)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) {
    storage.base.hash(into: &hasher)
  }
}

/// The shared, immutable box behind ``AnyCellModel``: a reference so that copies of a row
/// share one model and compare by identity.
private final class CellModelStorage: Sendable {
  let base: any CellModel
  let modelType: ObjectIdentifier
  let height: Double

  init<Model: CellModel>(_ model: Model) {
    self.base = model
    self.modelType = ObjectIdentifier(Model.self)
    self.height = model.height
  }
}

extension CellModel {
  fileprivate func isEqual(to other: any CellModel) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
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
