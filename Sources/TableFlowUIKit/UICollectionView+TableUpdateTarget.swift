#if canImport(UIKit) && !os(watchOS)
import TableCore
import UIKit

/// A `UICollectionView` takes TableFlow's batches (rows are items); its `dataSource` must be a
/// ``TableSnapshotDataSource`` (else each batch throws). Updated titles are set on visible list headers and footers
/// (`UICollectionViewListCell` with a `UIListContentConfiguration`).
extension UICollectionView: TableUpdateTarget {
  /// `reconfigureItems(at:)` exists from iOS 15.
  public var canReconfigureRows: Bool {
    if #available(iOS 15.0, tvOS 15.0, *) { return true }
    return false
  }

  /// Issues the batch in one `performBatchUpdates`, then sets the updated titles of visible
  /// list headers and footers.
  /// - Throws: ``TableUpdateError`` when `dataSource` is not a ``TableSnapshotDataSource``
  ///   (nothing is issued).
  public func performBatch(_ batch: TableBatch) throws {
    guard let source = dataSource as? TableSnapshotDataSource else {
      throw TableUpdateError.notSnapshotDataSource(dataSource)
    }
    let issue = {
      self.performBatchUpdates {
        source.snapshot = batch.snapshot
        for operation in batch.operations { self.issue(operation) }
      }
    }
    if batch.animation == .none { UIView.performWithoutAnimation(issue) } else { issue() }
    for case .updateSectionTitles(let sections) in batch.operations {
      for index in sections where index < batch.snapshot.sections.count {
        let section = batch.snapshot.sections[index]
        setTitle(section.header, ofKind: UICollectionView.elementKindSectionHeader, section: index)
        setTitle(section.footer, ofKind: UICollectionView.elementKindSectionFooter, section: index)
      }
    }
  }

  /// Points the data source at `snapshot` and reloads.
  /// - Throws: ``TableUpdateError`` when `dataSource` is not a ``TableSnapshotDataSource``.
  public func reloadData(_ snapshot: TableSnapshot) throws {
    guard let source = dataSource as? TableSnapshotDataSource else {
      throw TableUpdateError.notSnapshotDataSource(dataSource)
    }
    source.snapshot = snapshot
    reloadData()
  }

  private func issue(_ operation: TableOperation) {
    switch operation {
    case .deleteSections(let sections): deleteSections(IndexSet(sections))
    case .insertSections(let sections): insertSections(IndexSet(sections))
    case .moveSection(let from, let to): moveSection(from, toSection: to)
    case .reloadSections(let sections): reloadSections(IndexSet(sections))
    case .deleteRows(let rows): deleteItems(at: rows.map(\.itemIndexPath))
    case .insertRows(let rows): insertItems(at: rows.map(\.itemIndexPath))
    case .moveRow(let from, let to): moveItem(at: from.itemIndexPath, to: to.itemIndexPath)
    case .reloadRows(let rows): reloadItems(at: rows.map(\.itemIndexPath))
    case .reconfigureRows(let rows):
      if #available(iOS 15.0, tvOS 15.0, *) {
        reconfigureItems(at: rows.map(\.itemIndexPath))
      } else {
        reloadItems(at: rows.map(\.itemIndexPath))
      }
    case .updateSectionTitles: break  // after the batch: UIKit has no batch call for it
    }
  }

  private func setTitle(_ title: String?, ofKind kind: String, section: Int) {
    guard #available(iOS 14.0, tvOS 14.0, *),
      let view = supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: section))
        as? UICollectionViewListCell,
      var content = view.contentConfiguration as? UIListContentConfiguration
    else { return }
    content.text = title
    view.contentConfiguration = content
  }
}

extension RowPosition {
  /// The position as a collection view's index path.
  var itemIndexPath: IndexPath { IndexPath(item: row, section: section) }
}
#endif
