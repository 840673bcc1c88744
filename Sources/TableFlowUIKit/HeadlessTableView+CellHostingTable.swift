import TableCore

/// The headless table registers cell classes by kind and dequeues a new cell of the
/// registered class each time (a table on screen reuses them: nothing here depends on it).
extension HeadlessTableView: CellHostingTable {
  /// ``HeadlessCell``.
  public var placeholderCellClass: AnyClass { HeadlessCell.self }

  /// Registers `cellClass`, which must be a ``HeadlessCell`` subclass, for `kind`.
  public func registerCell(_ cellClass: AnyClass, for kind: CellKind) {
    registeredCells[kind] = cellClass
  }

  /// A new cell of the class registered for `kind`; a plain ``HeadlessCell`` when that class
  /// is not one (the configure closure then reports the mismatch).
  public func dequeueCell(for kind: CellKind, at position: RowPosition) -> HeadlessCell {
    let cellClass = registeredCells[kind] as? HeadlessCell.Type ?? HeadlessCell.self
    let cell = cellClass.init()
    cell.kind = kind
    cell.placeholderText = nil
    dequeueCount += 1
    return cell
  }

  /// Sets ``HeadlessCell/placeholderText``.
  public func showPlaceholder(_ message: String, in cell: HeadlessCell) {
    cell.placeholderText = message
  }
}
