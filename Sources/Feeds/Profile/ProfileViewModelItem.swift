/// One section of the profile page as seed D's view model describes it: its type, its title
/// and its rows. `rowCount` defaults to 1, as most sections hold one row.
public protocol ProfileViewModelItem: Sendable {
  /// Which section this is.
  var type: ProfileSection { get }
  /// The section's header title; defaults to the type's title.
  var sectionTitle: String { get }
  /// How many rows the section has; defaults to 1.
  var rowCount: Int { get }
  /// The section's rows, `rowCount` of them.
  var cells: [ProfileCell] { get }
}

extension ProfileViewModelItem {
  /// The type's title.
  public var sectionTitle: String { type.title }

  /// One row.
  public var rowCount: Int { 1 }
}
