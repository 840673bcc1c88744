// UICollectionView and its protocols, as the iOS SDK declares them (see UIKit.swift).

@MainActor open class UICollectionReusableView: UIView {
  open var reuseIdentifier: String? { nil }
}

@MainActor open class UICollectionViewCell: UICollectionReusableView {
  @available(iOS 14.0, *)
  open var contentConfiguration: (any UIContentConfiguration)?
}

@available(iOS 14.0, *)
@MainActor open class UICollectionViewListCell: UICollectionViewCell {
  open func defaultContentConfiguration() -> UIListContentConfiguration { UIListContentConfiguration() }
}

@MainActor open class UICollectionViewLayout: NSObject {}

@MainActor open class UICollectionView: UIScrollView {
  nonisolated public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
  nonisolated public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"

  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {}
  weak open var dataSource: (any UICollectionViewDataSource)?
  weak open var delegate: (any UICollectionViewDelegate)?
  @available(iOS 10.0, *)
  weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

  open func reloadData() {}
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  open func insertSections(_ sections: IndexSet) {}
  open func deleteSections(_ sections: IndexSet) {}
  open func reloadSections(_ sections: IndexSet) {}
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertItems(at indexPaths: [IndexPath]) {}
  open func deleteItems(at indexPaths: [IndexPath]) {}
  open func reloadItems(at indexPaths: [IndexPath]) {}
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  @available(iOS 15.0, *)
  open func reconfigureItems(at indexPaths: [IndexPath]) {}

  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {}
  open func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  )
    -> UICollectionViewCell
  { UICollectionViewCell() }
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView { UICollectionReusableView() }
  @available(iOS 9.0, *)
  open func supplementaryView(
    forElementKind elementKind: String, at indexPath: IndexPath
  )
    -> UICollectionReusableView?
  { nil }
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { nil }
}

@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  )
    -> UICollectionViewCell
  /* optional */ func numberOfSections(in collectionView: UICollectionView) -> Int
  /* optional */ func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
}

@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
  /* optional */ func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
  /* optional */ func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  )
}

@available(iOS 10.0, *)
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /* optional */ func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

#if !TABLEFLOW_STANDIN_STRICT
extension UICollectionViewDataSource {
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView { UICollectionReusableView() }
}

extension UICollectionViewDelegate {
  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
}

extension UICollectionViewDataSourcePrefetching {
  public func collectionView(
    _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}
#endif
