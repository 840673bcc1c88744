import TableCore
import TableFlow

/// The data source that does the work (seeds A, B and E): it registers the cell classes of a
/// ``CellRegistry`` on the table, answers the table's questions (sections, rows, cells,
/// header and footer titles, heights) from the snapshot shown, applies each presented update
/// to both its data and the table (through ``TableUpdater``), and sends the user's actions to
/// the pipeline as intents (see ``didSelectRow(at:)`` and the other event methods).
///
/// It is written against ``CellHostingTable``, so the same code answers a `UITableView`, a
/// `UICollectionView` and a ``HeadlessTableView``; `TableViewDataSource` and
/// `CollectionViewDataSource` are the thin UIKit objects that forward to it.
///
/// A row that no registration can show gets a placeholder cell naming its kind and id, and a
/// ``CellConfigurationError`` reported once through ``errorReporting`` — never a blank cell.
@MainActor
public final class TableDataSource<View: CellHostingTable>: TableSnapshotDataSource {
  /// The table.
  public var view: View { updater.target }
  /// The cell classes and configure closures.
  public let registry: CellRegistry<View.Cell>
  /// What the table shows; set by the table inside each batch (``TableUpdateTarget``).
  public var snapshot: TableSnapshot = .empty
  /// Where the user's actions go as intents.
  public let sink: IntentSink
  /// What happens to a row no registration can show, besides its placeholder cell.
  public var errorReporting: CellErrorReporting
  /// Whether a refresh this data source sent is still in flight (the pipeline shows its
  /// refreshing row, or has not yet presented it).
  public var isRefreshing: Bool { refresh != .idle }

  let updater: TableUpdater<View>
  var loadMore = LoadMoreRequests()
  var refresh = RefreshProgress.idle
  private var reported: Set<String> = []

  /// Creates the data source of `view` and registers every class of `registry` (and the
  /// placeholder's) on it.
  /// - Parameters:
  ///   - view: The table or collection view (or a `HeadlessTableView`) to answer and update.
  ///   - registry: The cell classes and configure closures, by cell kind.
  ///   - sink: Where the intents of the user's actions go.
  ///   - animated: whether batch updates animate (see ``TableUpdater/animated``).
  ///   - errorReporting: ``CellErrorReporting/standard`` unless given.
  public init(
    view: View, registry: CellRegistry<View.Cell>, sink: IntentSink, animated: Bool = true,
    errorReporting: CellErrorReporting = .standard
  ) {
    self.registry = registry
    self.sink = sink
    self.errorReporting = errorReporting
    updater = TableUpdater(target: view, animated: animated)
    view.registerCell(view.placeholderCellClass, for: .placeholder)
    for kind in registry.kinds {
      if let cellClass = registry.cellClass(for: kind) { view.registerCell(cellClass, for: kind) }
    }
  }

  /// Applies `update` to the table and to what this data source answers.
  /// - Throws: ``TableUpdateError`` for an update of another screen instance (refused, nothing
  ///   changes), or when the table rejects a batch.
  public func apply(_ update: PresentedUpdate) throws(TableUpdateError) {
    try updater.apply(update)
    loadMore.didShow(update.snapshot)
    refresh = refresh.next(showing: update.snapshot)
  }

  // MARK: What the table asks

  /// The number of sections.
  public var numberOfSections: Int { snapshot.sections.count }

  /// The number of rows in `section`; 0 for a section the snapshot does not have.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.sections.indices.contains(section) ? snapshot.sections[section].rows.count : 0
  }

  /// The row at `position`, if the snapshot has one there.
  public func row(at position: RowPosition) -> Row? {
    guard snapshot.sections.indices.contains(position.section) else { return nil }
    let rows = snapshot.sections[position.section].rows
    return rows.indices.contains(position.row) ? rows[position.row] : nil
  }

  /// The header title of `section`.
  public func headerTitle(forSection section: Int) -> String? {
    snapshot.sections.indices.contains(section) ? snapshot.sections[section].header : nil
  }

  /// The footer title of `section`.
  public func footerTitle(forSection section: Int) -> String? {
    snapshot.sections.indices.contains(section) ? snapshot.sections[section].footer : nil
  }

  /// The height the row's model computed (seed B); 44 points for a position with no row.
  public func height(at position: RowPosition) -> Double {
    row(at: position)?.height ?? 44
  }

  /// The configured cell for the row at `position`: dequeued by the row's kind and configured
  /// by the registry; a placeholder cell naming the problem when no registration can show
  /// the row.
  public func cell(at position: RowPosition) -> View.Cell {
    guard let row = row(at: position) else {
      return placeholder("no row at section \(position.section), row \(position.row)", at: position)
    }
    let context = CellContext(row: row.id, position: position, sink: sink)
    let reason: String
    if registry.cellClass(for: row.kind) != nil {
      let cell = view.dequeueCell(for: row.kind, at: position)
      guard let failure = registry.configure(cell, with: row, context: context) else { return cell }
      reason = failure
    } else {
      reason = "no cell is registered for its kind"
    }
    let error = CellConfigurationError(kind: row.kind, row: row.id, position: position, reason: reason)
    if reported.insert("\(row.kind)\u{0}\(reason)").inserted { errorReporting(error) }
    return placeholder(error.description, at: position)
  }

  private func placeholder(_ message: String, at position: RowPosition) -> View.Cell {
    let cell = view.dequeueCell(for: .placeholder, at: position)
    view.showPlaceholder(message, in: cell)
    return cell
  }
}
