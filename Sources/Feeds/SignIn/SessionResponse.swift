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
