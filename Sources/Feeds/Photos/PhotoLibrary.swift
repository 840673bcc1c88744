/// The answer of `GET /api/photos` (seed E): photos and albums.
public struct PhotoLibrary: Codable, Hashable, Sendable {
  /// The photos, in order.
  public var photos: [Photo]
  /// The albums, in order.
  public var albums: [Album]

  /// Creates a library.
  public init(photos: [Photo] = [], albums: [Album] = []) {
    self.photos = photos
    self.albums = albums
  }

  private enum CodingKeys: String, CodingKey { case photos, albums }

  /// Decodes a library; a missing list is empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    photos = try container.decodeIfPresent([Photo].self, forKey: .photos) ?? []
    albums = try container.decodeIfPresent([Album].self, forKey: .albums) ?? []
  }
}
