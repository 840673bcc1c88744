#if canImport(UIKit) && !os(watchOS)
import TableCore
import UIKit

/// A `UITableView` takes TableFlow's batches; its `dataSource` must be a
/// ``TableSnapshotDataSource`` (else each batch throws).
extension UITableView: TableUpdateTarget {
  /// `reconfigureRows(at:)` exists from iOS 15.
  public var canReconfigureRows: Bool {
    if #available(iOS 15.0, tvOS 15.0, *) { return true }
    return false
  }

  /// Issues the batch in one `performBatchUpdates`, then sets the updated titles of visible
  /// headers and footers.
  /// - Throws: ``TableUpdateError`` when `dataSource` is not a ``TableSnapshotDataSource``
  ///   (nothing is issued).
  public func performBatch(_ batch: TableBatch) throws {
    guard let source = dataSource as? TableSnapshotDataSource else {
      throw TableUpdateError.notSnapshotDataSource(dataSource)
    }
    let animation = batch.animation.tableViewAnimation
    let issue = {
      self.performBatchUpdates {
        source.snapshot = batch.snapshot
        for operation in batch.operations { self.issue(operation, animation) }
      }
    }
    if batch.animation == .none { UIView.performWithoutAnimation(issue) } else { issue() }
    for case .updateSectionTitles(let sections) in batch.operations {
      for index in sections where index < batch.snapshot.sections.count {
        let section = batch.snapshot.sections[index]
        headerView(forSection: index)?.textLabel?.text = section.header
        footerView(forSection: index)?.textLabel?.text = section.footer
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

  private func issue(_ operation: TableOperation, _ animation: UITableView.RowAnimation) {
    switch operation {
    case .deleteSections(let sections): deleteSections(IndexSet(sections), with: animation)
    case .insertSections(let sections): insertSections(IndexSet(sections), with: animation)
    case .moveSection(let from, let to): moveSection(from, toSection: to)
    case .reloadSections(let sections): reloadSections(IndexSet(sections), with: animation)
    case .deleteRows(let rows): deleteRows(at: rows.map(\.tableIndexPath), with: animation)
    case .insertRows(let rows): insertRows(at: rows.map(\.tableIndexPath), with: animation)
    case .moveRow(let from, let to): moveRow(at: from.tableIndexPath, to: to.tableIndexPath)
    case .reloadRows(let rows): reloadRows(at: rows.map(\.tableIndexPath), with: animation)
    case .reconfigureRows(let rows):
      if #available(iOS 15.0, tvOS 15.0, *) {
        reconfigureRows(at: rows.map(\.tableIndexPath))
      } else {
        reloadRows(at: rows.map(\.tableIndexPath), with: animation)
      }
    case .updateSectionTitles: break  // after the batch: UIKit has no batch call for it
    }
  }
}

extension RowAnimation {
  /// The `UITableView` animation.
  var tableViewAnimation: UITableView.RowAnimation {
    switch self {
    case .automatic: .automatic
    case .fade: .fade
    case .none: .none
    }
  }
}

extension RowPosition {
  /// The position as a table view's index path.
  var tableIndexPath: IndexPath { IndexPath(row: row, section: section) }
}
#endif
