import TableCore

/// A cell of a ``HeadlessTableView``: subclass it to hold what a configure closure sets, as a
/// `UITableViewCell` subclass holds its labels.
@MainActor
open class HeadlessCell {
  /// The kind it was dequeued for.
  public internal(set) var kind: CellKind = ""
  /// The text of a placeholder cell (a row no registration can show); `nil` otherwise.
  public internal(set) var placeholderText: String?

  /// Creates a cell; the table calls it when it dequeues one.
  public required init() {}
}
