/// The body of `POST /api/session`: credentials to sign in with.
public struct SessionRequest: Codable, Hashable, Sendable {
  /// The user name.
  public var username: String
  /// The password.
  public var password: String

  /// Creates a request body.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}
