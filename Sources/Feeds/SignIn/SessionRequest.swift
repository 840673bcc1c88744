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

/// The answer of `POST /api/session`, in the backend's envelope: `error` 0 is success,
/// anything else comes with a message to show (wrong password, unknown user…).
public struct SessionResponse: Codable, Hashable, Sendable {
  /// The signed-in user, on success.
  public var data: SessionUser?
  /// The backend's error code; 0 means success.
  public var error: Int
  /// The message to show.
  public var message: String

  /// Creates a response.
  public init(data: SessionUser?, error: Int, message: String) {
    self.data = data
    self.error = error
    self.message = message
  }

  /// Whether the sign-in succeeded.
  public var succeeded: Bool { error == 0 && data != nil }
}

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
