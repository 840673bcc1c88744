#if canImport(UIKit) && !os(watchOS)
import TableCore
import UIKit

/// A `UITableView` registers and dequeues cells by kind (the reuse identifier).
extension UITableView: CellHostingTable {
  /// `UITableViewCell`.
  public var placeholderCellClass: AnyClass { UITableViewCell.self }

  /// `register(_:forCellReuseIdentifier:)`.
  public func registerCell(_ cellClass: AnyClass, for kind: CellKind) {
    register(cellClass, forCellReuseIdentifier: kind.rawValue)
  }

  /// `dequeueReusableCell(withIdentifier:for:)`.
  public func dequeueCell(for kind: CellKind, at position: RowPosition) -> UITableViewCell {
    dequeueReusableCell(withIdentifier: kind.rawValue, for: position.tableIndexPath)
  }

  /// Shows `message` as the cell's text (`UIListContentConfiguration`).
  public func showPlaceholder(_ message: String, in cell: UITableViewCell) {
    var content = cell.defaultContentConfiguration()
    content.text = message
    cell.contentConfiguration = content
  }
}

extension IndexPath {
  /// The row position of a table view's or collection view's index path.
  var position: RowPosition { RowPosition(section: section, row: row) }
}
#endif
