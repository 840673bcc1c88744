/// A named attribute of a profile, such as `Gender: male`.
public struct ProfileAttribute: Codable, Hashable, Sendable {
  /// The attribute's name.
  public var key: String
  /// The attribute's value.
  public var value: String

  /// Creates an attribute.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}
