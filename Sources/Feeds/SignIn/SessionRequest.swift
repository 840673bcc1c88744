/// The body of `POST /api/session`: credentials to sign in with.
public struct SessionRequest: Codable, Hashable, Sendable {
  /// The user name.
  public var username: String
  /// The password.
  public var password: String
  /// Whether the session should outlive the app ("Remember me"); `nil` leaves it out.
  public var remember: Bool?

  /// Creates a request body.
  public init(username: String, password: String, remember: Bool? = nil) {
    self.username = username
    self.password = password
    self.remember = remember
  }
}
