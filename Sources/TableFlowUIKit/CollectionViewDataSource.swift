#if canImport(UIKit) && !os(watchOS)
import TableCore
import TableFlow
import UIKit

/// The `UICollectionView` data source, delegate and prefetch data source that does the work
/// (rows are items): a thin forwarder to ``TableDataSource``, like ``TableViewDataSource``.
/// Header and footer titles are shown in `UICollectionViewListCell` supplementary views, for a
/// list layout whose header and footer modes are `.supplementary`.
///
/// Keep a strong reference to it (the collection view's `dataSource` is weak). Set
/// ``delegate`` to a controller that implements delegate methods itself: each one it
/// implements is called, the controller's first for selection and display.
@MainActor
public final class CollectionViewDataSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate,
  UICollectionViewDataSourcePrefetching, TableSnapshotDataSource
{
  /// The logic, shared with ``HeadlessTableView``.
  public let core: TableDataSource<UICollectionView>
  private let forwarded = ForwardedDelegate()
  private let refreshBinding = RefreshControlBinding()

  /// Becomes `collectionView`'s data source, delegate and prefetch data source, and registers
  /// the registry's cell classes and the title views on it.
  public init(
    collectionView: UICollectionView, registry: CellRegistry<UICollectionViewCell>, sink: IntentSink,
    animated: Bool = true, errorReporting: CellErrorReporting = .standard
  ) {
    core = TableDataSource(
      view: collectionView, registry: registry, sink: sink, animated: animated, errorReporting: errorReporting
    )
    super.init()
    for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
      collectionView.register(
        UICollectionViewListCell.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
    }
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.prefetchDataSource = self
  }

  /// The controller called for delegate methods (first, for the ones this object implements).
  /// Setting it sets the collection view's `delegate` again, as UIKit caches which methods it
  /// answers.
  public weak var delegate: (any UICollectionViewDelegate)? {
    didSet {
      forwarded.current = delegate
      core.view.delegate = nil
      core.view.delegate = self
    }
  }

  /// What the collection view shows.
  public var snapshot: TableSnapshot {
    get { core.snapshot }
    set { core.snapshot = newValue }
  }

  /// Applies `update` (see ``TableDataSource/apply(_:)``), and ends the refresh control's
  /// spinning once the refresh it sent is over.
  public func apply(_ update: PresentedUpdate) throws(TableUpdateError) {
    try core.apply(update)
    refreshBinding.update(refreshing: core.isRefreshing)
  }

  /// Installs `refreshControl` on the collection view: pulling it sends `refresh`.
  public func attach(_ refreshControl: UIRefreshControl) {
    refreshBinding.attach(refreshControl, to: core.view) { [weak self] in self?.core.refreshControlPulled() }
  }

  // MARK: UICollectionViewDataSource

  /// The number of sections of the snapshot shown.
  public func numberOfSections(in collectionView: UICollectionView) -> Int { core.numberOfSections }

  /// The number of items (rows) of `section`.
  public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    core.numberOfRows(inSection: section)
  }

  /// The registered cell of the row, configured; a placeholder naming the problem when none can show it.
  public func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  )
    -> UICollectionViewCell
  {
    core.cell(at: RowPosition(section: indexPath.section, row: indexPath.item))
  }

  /// A list cell showing the section's header or footer title.
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    if let view = view as? UICollectionViewListCell {
      let isHeader = kind == UICollectionView.elementKindSectionHeader
      var content: UIListContentConfiguration = isHeader ? .groupedHeader() : .groupedFooter()
      content.text =
        isHeader
        ? core.headerTitle(forSection: indexPath.section) : core.footerTitle(forSection: indexPath.section)
      view.contentConfiguration = content
    }
    return view
  }

  // MARK: UICollectionViewDelegate (the controller's first)

  /// Calls the controller, then sends `select ROW`.
  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    #if TABLEFLOW_UIKIT_STANDIN  // no Objective-C optional requirements there: see tools/uikit-standin
    delegate?.collectionView(collectionView, didSelectItemAt: indexPath)
    #else
    delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)
    #endif
    core.didSelectRow(at: RowPosition(section: indexPath.section, row: indexPath.item))
  }

  /// Calls the controller, then sends `load-more SECTION` for a load-more row (once until answered).
  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    #if TABLEFLOW_UIKIT_STANDIN
    delegate?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
    #else
    delegate?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
    #endif
    core.willDisplayRow(at: RowPosition(section: indexPath.section, row: indexPath.item))
  }

  // MARK: UICollectionViewDataSourcePrefetching

  /// Sends `load-more SECTION` for each load-more row among them (once until answered).
  public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    core.prefetchRows(at: indexPaths.map { RowPosition(section: $0.section, row: $0.item) })
  }

  /// Nothing to cancel: a load-more intent sent stays sent.
  public func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}

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
