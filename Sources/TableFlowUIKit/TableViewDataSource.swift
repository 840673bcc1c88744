#if canImport(UIKit) && !os(watchOS)
import TableCore
import TableFlow
import UIKit

/// The `UITableView` data source, delegate and prefetch data source that does the work: a thin
/// forwarder to ``TableDataSource``, which answers counts, cells, titles and heights and sends
/// selection, prefetch or display of a load-more row and the refresh control as intents.
///
/// Keep a strong reference to it (the table's `dataSource` is weak). Set ``delegate`` to a
/// controller that implements delegate methods itself: each one it implements is called, and
/// for the ones this object implements too (selection, display, heights) the controller's is
/// called first.
///
/// ```swift
/// let source = TableViewDataSource(tableView: tableView, registry: registry, sink: .pipeline(pipeline))
/// for try await update in pipeline.updates(for: screen) { try source.apply(update) }
/// ```
@MainActor
public final class TableViewDataSource: NSObject, UITableViewDataSource, UITableViewDelegate,
  UITableViewDataSourcePrefetching, TableSnapshotDataSource
{
  /// The logic, shared with ``HeadlessTableView``.
  public let core: TableDataSource<UITableView>
  /// Whether rows are as high as their models say (seed B); `false` lets cells size themselves.
  public var usesModelHeights = true
  private let forwarded = ForwardedDelegate()
  private let refreshBinding = RefreshControlBinding()

  /// Becomes `tableView`'s data source, delegate and prefetch data source, and registers the
  /// registry's cell classes on it.
  public init(
    tableView: UITableView, registry: CellRegistry<UITableViewCell>, sink: IntentSink, animated: Bool = true,
    errorReporting: CellErrorReporting = .standard
  ) {
    core = TableDataSource(
      view: tableView, registry: registry, sink: sink, animated: animated, errorReporting: errorReporting)
    super.init()
    tableView.dataSource = self
    tableView.delegate = self
    tableView.prefetchDataSource = self
  }

  /// The controller called for delegate methods (first, for the ones this object implements).
  /// Setting it sets the table's `delegate` again, as UIKit caches which methods it answers.
  public weak var delegate: (any UITableViewDelegate)? {
    didSet {
      forwarded.current = delegate
      core.view.delegate = nil
      core.view.delegate = self
    }
  }

  /// What the table shows.
  public var snapshot: TableSnapshot {
    get { core.snapshot }
    set { core.snapshot = newValue }
  }

  /// Applies `update` to the table (see ``TableDataSource/apply(_:)``), and ends the refresh
  /// control's spinning once the refresh it sent is over.
  public func apply(_ update: PresentedUpdate) throws(TableUpdateError) {
    try core.apply(update)
    refreshBinding.update(refreshing: core.isRefreshing)
  }

  /// Installs `refreshControl` on the table: pulling it sends `refresh`.
  public func attach(_ refreshControl: UIRefreshControl) {
    refreshBinding.attach(refreshControl, to: core.view) { [weak self] in self?.core.refreshControlPulled() }
  }

  // MARK: UITableViewDataSource

  /// The number of sections of the snapshot shown.
  public func numberOfSections(in tableView: UITableView) -> Int { core.numberOfSections }

  /// The number of rows of `section`.
  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    core.numberOfRows(inSection: section)
  }

  /// The registered cell of the row, configured; a placeholder naming the problem when none can show it.
  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    core.cell(at: indexPath.position)
  }

  /// The section's header title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    core.headerTitle(forSection: section)
  }

  /// The section's footer title.
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    core.footerTitle(forSection: section)
  }

  // MARK: UITableViewDelegate (the controller's first)

  /// The controller's height if it answers, else the model's (or self-sizing: ``usesModelHeights``).
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    #if TABLEFLOW_UIKIT_STANDIN  // no Objective-C optional requirements there: see tools/uikit-standin
    if let height = delegate?.tableView(tableView, heightForRowAt: indexPath) { return height }
    #else
    if let height = delegate?.tableView?(tableView, heightForRowAt: indexPath) { return height }
    #endif
    return usesModelHeights ? CGFloat(core.height(at: indexPath.position)) : UITableView.automaticDimension
  }

  /// Calls the controller, then sends `select ROW`.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    #if TABLEFLOW_UIKIT_STANDIN
    delegate?.tableView(tableView, didSelectRowAt: indexPath)
    #else
    delegate?.tableView?(tableView, didSelectRowAt: indexPath)
    #endif
    core.didSelectRow(at: indexPath.position)
  }

  /// Calls the controller, then sends `load-more SECTION` for a load-more row (once until answered).
  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {
    #if TABLEFLOW_UIKIT_STANDIN
    delegate?.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
    #else
    delegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath)
    #endif
    core.willDisplayRow(at: indexPath.position)
  }

  // MARK: UITableViewDataSourcePrefetching

  /// Sends `load-more SECTION` for each load-more row among them (once until answered).
  public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    core.prefetchRows(at: indexPaths.map(\.position))
  }

  /// Nothing to cancel: a load-more intent sent stays sent.
  public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}

  // MARK: Forwarding what this object does not implement to the controller (seed B)

  /// Whether this object or the controller answers `aSelector`.
  public nonisolated override func responds(to aSelector: Selector!) -> Bool {
    super.responds(to: aSelector) || forwarded.controller(answering: aSelector) != nil
  }

  /// The controller, for a method only it implements.
  public nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
    forwarded.controller(answering: aSelector) ?? super.forwardingTarget(for: aSelector)
  }
}
#endif
