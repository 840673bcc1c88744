import TableCore

/// Which cell class shows each `CellKind`, and how a cell of that kind is
/// configured from a row's typed model (seeds A and E).
///
/// A configure closure is typed on the cell and on the model: the model may be a concrete
/// `CellModel` or a protocol that several model types conform to, so one cell kind
/// is fed by several model types (seed E). A kind may also be registered once per model type;
/// the first registration whose model type matches the row configures the cell.
///
/// ```swift
/// var registry = CellRegistry<UITableViewCell>()
/// registry.register("photo", cell: PhotoCell.self) { (cell, model: any PhotoCellModel) in
///   cell.show(name: model.name, title: model.title)
/// }
/// ```
///
/// `Cell` is the base class the table dequeues (`UITableViewCell`, `UICollectionViewCell`,
/// ``HeadlessCell``); a registered class that is not a subclass of it, or a row whose model
/// matches no registration of its kind, is shown as a placeholder cell naming the problem.
public struct CellRegistry<Cell: AnyObject> {
  /// Configures `cell` from `row`; `nil` when done, else why it could not.
  typealias Configure = @MainActor (Cell, Row, CellContext) -> String?

  struct Registration {
    var cellClass: AnyClass
    var configures: [Configure]
  }

  private(set) var registrations: [CellKind: Registration] = [:]

  /// An empty registry.
  public init() {}

  /// Registers `cell` for `kind`, configured by `configure` for rows whose model is a `Model`.
  ///
  /// The class of a kind is the one of its latest registration (a table registers one class
  /// per reuse identifier).
  public mutating func register<RegisteredCell: AnyObject, Model>(
    _ kind: CellKind, cell: RegisteredCell.Type,
    configure: @escaping @MainActor (RegisteredCell, Model, CellContext) -> Void
  ) {
    let typed: Configure = { cell, row, context in
      guard let cell = cell as? RegisteredCell else {
        return "its cell is a \(type(of: cell)), not the registered \(RegisteredCell.self)"
      }
      guard let model = row.model.base as? Model else {
        return "no registration of the kind takes its model, a \(type(of: row.model.base))"
      }
      configure(cell, model, context)
      return nil
    }
    var registration = registrations[kind] ?? Registration(cellClass: cell, configures: [])
    registration.cellClass = cell
    registration.configures.append(typed)
    registrations[kind] = registration
  }

  /// Registers `cell` for `kind`, configured by `configure` for rows whose model is a `Model`
  /// (for a cell without buttons: see the overload taking a ``CellContext``).
  public mutating func register<RegisteredCell: AnyObject, Model>(
    _ kind: CellKind, cell: RegisteredCell.Type,
    configure: @escaping @MainActor (RegisteredCell, Model) -> Void
  ) {
    register(kind, cell: cell) { (cell: RegisteredCell, model: Model, _: CellContext) in
      configure(cell, model)
    }
  }

  /// The registered kinds, in order.
  public var kinds: [CellKind] { registrations.keys.sorted() }

  /// The class registered for `kind`, if any.
  public func cellClass(for kind: CellKind) -> AnyClass? { registrations[kind]?.cellClass }

  /// Configures `cell` from `row` with the first registration of the row's kind that takes its
  /// model; returns why none could, or `nil` once configured.
  @MainActor
  func configure(_ cell: Cell, with row: Row, context: CellContext) -> String? {
    guard let registration = registrations[row.kind] else { return "no cell is registered for its kind" }
    var reason: String?
    for configure in registration.configures {
      guard let failure = configure(cell, row, context) else { return nil }
      reason = reason ?? failure
    }
    return reason
  }
}
