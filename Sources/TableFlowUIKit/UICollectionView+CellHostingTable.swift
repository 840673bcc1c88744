#if canImport(UIKit) && !os(watchOS)
import TableCore
import UIKit

/// A `UICollectionView` registers and dequeues cells by kind (the reuse identifier).
extension UICollectionView: CellHostingTable {
  /// `UICollectionViewListCell`.
  public var placeholderCellClass: AnyClass { UICollectionViewListCell.self }

  /// `register(_:forCellWithReuseIdentifier:)`.
  public func registerCell(_ cellClass: AnyClass, for kind: CellKind) {
    register(cellClass, forCellWithReuseIdentifier: kind.rawValue)
  }

  /// `dequeueReusableCell(withReuseIdentifier:for:)`.
  public func dequeueCell(for kind: CellKind, at position: RowPosition) -> UICollectionViewCell {
    dequeueReusableCell(withReuseIdentifier: kind.rawValue, for: position.itemIndexPath)
  }

  /// Shows `message` as the list cell's text (`UIListContentConfiguration`).
  public func showPlaceholder(_ message: String, in cell: UICollectionViewCell) {
    guard let cell = cell as? UICollectionViewListCell else { return }
    var content = cell.defaultContentConfiguration()
    content.text = message
    cell.contentConfiguration = content
  }
}
#endif
