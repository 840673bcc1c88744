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
