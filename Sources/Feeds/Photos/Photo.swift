/// A photo. It fills the `photo` cell through ``PhotoCellModel``.
public struct Photo: Codable, Hashable, Sendable {
  /// The backend's identifier.
  public var id: String
  /// The file name.
  public var name: String
  /// The caption.
  public var title: String

  /// Creates a photo.
  public init(id: String, name: String, title: String) {
    self.id = id
    self.name = name
    self.title = title
  }
}
