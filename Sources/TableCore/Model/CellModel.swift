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
/// Two erased models are equal when they wrap equal values of the same type.
public struct AnyCellModel: Hashable, Sendable {
  /// The wrapped model.
  public let base: any CellModel

  /// Wraps a model.
  public init<Model: CellModel>(_ model: Model) {
    self.base = model
  }

  /// The wrapped model's fields in declaration order.
  public var fields: [Field] { base.fields }

  /// The wrapped model's height in points.
  public var height: Double { base.height }

  /// Returns the wrapped model as `Model`, or `nil` when it is of another type.
  public func `as`<Model: CellModel>(_ type: Model.Type) -> Model? { base as? Model }

  /// Compares the wrapped values; models of different types are never equal.
  public static func == (lhs: AnyCellModel, rhs: AnyCellModel) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
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
