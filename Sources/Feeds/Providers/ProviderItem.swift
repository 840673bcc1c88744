/// One row's content as `GET /api/providers` sends it (seed B's demo: a title, 我是标题, and a
/// text of any length).
public struct ProviderItem: Codable, Hashable, Sendable {
  /// The title.
  public var title: String
  /// The text under it.
  public var text: String

  /// Creates an item.
  public init(title: String, text: String) {
    self.title = title
    self.text = text
  }
}
