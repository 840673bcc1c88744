import TableCore

/// The photo list (seed E): albums and photos in one cell kind, `photo`, 80 points a row.
public enum PhotosTransform {
  /// The albums section.
  public static let albumsSectionID: SectionID = "albums"
  /// The photos section.
  public static let photosSectionID: SectionID = "photos"

  /// Builds the list; an empty section is hidden and an item listed twice shows once.
  public static func snapshot(_ library: PhotoLibrary) -> TableSnapshot {
    var ids = RowIDAllocator()
    let albums = library.albums.compactMap { album in
      ids.claim("album-\(album.id)").map { Row(id: $0, kind: Album.kind, model: album) }
    }
    let photos = library.photos.compactMap { photo in
      ids.claim("photo-\(photo.id)").map { Row(id: $0, kind: Photo.kind, model: photo) }
    }
    var sections: [Section] = []
    if !albums.isEmpty { sections.append(Section(id: albumsSectionID, header: "Albums", rows: albums)) }
    if !photos.isEmpty { sections.append(Section(id: photosSectionID, header: "Photos", rows: photos)) }
    return TableSnapshot(uncheckedSections: sections)
  }
}
