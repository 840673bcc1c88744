// UITableView and its protocols, as the iOS SDK declares them (see UIKit.swift).

@MainActor open class UITableViewCell: UIView {
  @available(iOS 14.0, *)
  open func defaultContentConfiguration() -> UIListContentConfiguration { UIListContentConfiguration() }
  @available(iOS 14.0, *)
  open var contentConfiguration: (any UIContentConfiguration)?
  open var textLabel: UILabel? { nil }
  open var reuseIdentifier: String? { nil }
  open func prepareForReuse() {}
}

@available(iOS 6.0, *)
@MainActor open class UITableViewHeaderFooterView: UIView {
  open var textLabel: UILabel? { nil }
}

@MainActor open class UITableView: UIScrollView {
  public enum Style: Int, Sendable {
    case plain = 0
    case grouped = 1
    @available(iOS 13.0, *) case insetGrouped = 2
  }

  public enum RowAnimation: Int, Sendable {
    case fade = 0
    case right = 1
    case left = 2
    case top = 3
    case bottom = 4
    case none = 5
    case middle = 6
    case automatic = 100
  }

  nonisolated public static let automaticDimension: CGFloat = -1

  public init(frame: CGRect, style: UITableView.Style) {}
  weak open var dataSource: (any UITableViewDataSource)?
  weak open var delegate: (any UITableViewDelegate)?
  @available(iOS 10.0, *)
  weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)?

  open func reloadData() {}
  @available(iOS 11.0, *)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  @available(iOS 3.0, *)
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  @available(iOS 5.0, *)
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  @available(iOS 3.0, *)
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  @available(iOS 5.0, *)
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  @available(iOS 15.0, *)
  open func reconfigureRows(at indexPaths: [IndexPath]) {}

  @available(iOS 6.0, *)
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  @available(iOS 6.0, *)
  open func dequeueReusableCell(
    withIdentifier identifier: String, for indexPath: IndexPath
  ) -> UITableViewCell {
    UITableViewCell()
  }
  open func indexPath(for cell: UITableViewCell) -> IndexPath? { nil }
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
  @available(iOS 6.0, *)
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
  @available(iOS 6.0, *)
  open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
}

@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /* optional */ func numberOfSections(in tableView: UITableView) -> Int
  /* optional */ func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  /* optional */ func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
}

@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
  /* optional */ func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /* optional */ func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  /* optional */ func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

@available(iOS 10.0, *)
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
  /* optional */ func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

#if !TABLEFLOW_STANDIN_STRICT
extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(
    _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {}
}

extension UITableViewDataSourcePrefetching {
  public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
#endif
