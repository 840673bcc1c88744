/// The user a session belongs to.
public struct SessionUser: Codable, Hashable, Sendable {
  /// The user name.
  public var username: String
  /// The name to greet the user with.
  public var fullName: String

  /// Creates a user.
  public init(username: String, fullName: String) {
    self.username = username
    self.fullName = fullName
  }
}
