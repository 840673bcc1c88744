#if canImport(UIKit) && !os(watchOS)
import UIKit

extension ForwardedDelegate {
  /// The controller, when it is alive and answers `selector`: what `responds(to:)` and
  /// `forwardingTarget(for:)` of ``TableViewDataSource`` and ``CollectionViewDataSource`` consult.
  func controller(answering selector: Selector!) -> NSObjectProtocol? {
    guard let controller = current as? NSObjectProtocol, controller.responds(to: selector) else { return nil }
    return controller
  }
}

/// The refresh control a UIKit data source installed: pulling it calls the data source, and it
/// stops spinning once the refresh that pull sent is over. Shared by ``TableViewDataSource`` and
/// ``CollectionViewDataSource``.
@MainActor
final class RefreshControlBinding {
  private weak var control: UIRefreshControl?

  /// Installs `control` on `view`; `pulled` runs each time the user pulls it.
  func attach(_ control: UIRefreshControl, to view: UIScrollView, pulled: @escaping @MainActor () -> Void) {
    self.control = control
    view.refreshControl = control
    control.addAction(UIAction { _ in pulled() }, for: .valueChanged)
  }

  /// Ends the spinning when the data source is no longer refreshing.
  func update(refreshing: Bool) {
    if let control, control.isRefreshing, !refreshing { control.endRefreshing() }
  }
}
#endif
