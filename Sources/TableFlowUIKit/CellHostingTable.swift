import TableCore

/// A table that registers and dequeues cells by `CellKind`: `UITableView`,
/// `UICollectionView` (in the files under `#if canImport(UIKit)`) and ``HeadlessTableView``.
/// ``TableDataSource`` does all its work through this protocol, so what it answers and which
/// intents it sends are tested on any platform.
@MainActor
public protocol CellHostingTable: TableUpdateTarget {
  /// The base class of the table's cells.
  associatedtype Cell: AnyObject

  /// The class of the placeholder cell shown for a row no registration can show.
  var placeholderCellClass: AnyClass { get }

  /// Registers `cellClass` for `kind` (UIKit: `register(_:forCellReuseIdentifier:)`).
  func registerCell(_ cellClass: AnyClass, for kind: CellKind)

  /// A cell of `kind` for the row at `position`, reused where the table can (UIKit:
  /// `dequeueReusableCell(withIdentifier:for:)`). `kind` is always registered.
  func dequeueCell(for kind: CellKind, at position: RowPosition) -> Cell

  /// Makes `cell` (of ``placeholderCellClass``) show `message`.
  func showPlaceholder(_ message: String, in cell: Cell)
}

extension CellKind {
  /// The kind under which a data source registers its placeholder cell.
  public static let placeholder: CellKind = "tableflow.placeholder"
}
