/// The e-mail address.
public struct ProfileEmailItem: ProfileViewModelItem {
  /// The address.
  public let email: String

  /// Creates the item.
  public init(email: String) {
    self.email = email
  }

  /// `email`.
  public var type: ProfileSection { .email }
  /// One address row.
  public var cells: [ProfileCell] { [.email(address: email)] }
}
