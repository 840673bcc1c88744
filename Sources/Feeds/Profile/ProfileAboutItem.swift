/// The free-text description.
public struct ProfileAboutItem: ProfileViewModelItem {
  /// The description.
  public let about: String

  /// Creates the item.
  public init(about: String) {
    self.about = about
  }

  /// `about`.
  public var type: ProfileSection { .about }
  /// One text row.
  public var cells: [ProfileCell] { [.about(text: about)] }
}
