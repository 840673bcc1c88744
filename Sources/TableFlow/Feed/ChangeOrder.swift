/// Whether the backend had applied one of the screen's own changes when it served a page:
/// what offset paging needs to keep its next offset right when the screen's changes shift
/// the backend's list (``ScreenState/order(of:relativeToNewestPageIn:)``).
///
/// A struct, so that finer orders can be added without breaking a `switch`.
public struct ChangeOrder: Hashable, Sendable, CustomStringConvertible {
  private enum Value: Hashable, Sendable {
    case beforePage, afterPage, unknown
  }

  private let value: Value

  /// The change was confirmed before the page was requested: the page shows it.
  public static let beforePage = ChangeOrder(value: .beforePage)
  /// The change was made after the page arrived and the backend confirmed it: the page does
  /// not show it, the backend's list does.
  public static let afterPage = ChangeOrder(value: .afterPage)
  /// Either: the change was made or confirmed while the page was in flight, it is not
  /// confirmed yet, or it sends no request. Paging that must neither lose nor double rows
  /// assumes whichever makes the next page overlap, and drops the repeats.
  public static let unknown = ChangeOrder(value: .unknown)

  /// `before page`, `after page` or `unknown`.
  public var description: String {
    switch value {
    case .beforePage: "before page"
    case .afterPage: "after page"
    case .unknown: "unknown"
    }
  }
}
