/// The answer of `GET /api/profile` (seed D): the profile inside the backend's envelope.
public struct ProfileResponse: Codable, Hashable, Sendable {
  /// The profile, absent when the backend reports an error.
  public var data: Profile?
  /// The backend's error code; 0 means success.
  public var error: Int
  /// The backend's message, e.g. `Success`.
  public var message: String

  /// Creates a response.
  public init(data: Profile?, error: Int = 0, message: String = "Success") {
    self.data = data
    self.error = error
    self.message = message
  }
}
