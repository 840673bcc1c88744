/// An album of photos. It fills the same `photo` cell as ``Photo``.
public struct Album: Codable, Hashable, Sendable {
  /// The backend's identifier.
  public var id: String
  /// The album's name.
  public var name: String
  /// The album's subtitle, e.g. `42 photos`.
  public var title: String

  /// Creates an album.
  public init(id: String, name: String, title: String) {
    self.id = id
    self.name = name
    self.title = title
  }
}
