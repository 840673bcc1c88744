/// A friend shown on the profile.
public struct Friend: Codable, Hashable, Sendable {
  /// The friend's name.
  public var name: String
  /// The friend's picture's name or URL.
  public var pictureUrl: String?

  /// Creates a friend.
  public init(name: String, pictureUrl: String? = nil) {
    self.name = name
    self.pictureUrl = pictureUrl
  }
}
