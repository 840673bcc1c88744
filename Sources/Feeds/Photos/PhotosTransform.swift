import TableCore

/// The photo list (seed E): albums and photos in one cell kind, `photo`, 80 points a row.
public enum PhotosTransform {
  /// The albums section.
  public static let albumsSectionID: SectionID = "albums"
  /// The photos section.
  public static let photosSectionID: SectionID = "photos"

  /// Builds the list; an empty section is hidden and an item listed twice shows once.
  public static func snapshot(_ library: PhotoLibrary) -> TableSnapshot {
    let sections = sections(library)
    var builder = SnapshotBuilder(policy: .keepFirst)
    for section in sections { builder.appendSection(section) }
    // Every row is 80 points: the build cannot fail.
    return (try? builder.build()) ?? TableSnapshot(uncheckedSections: sections)
  }

  /// The sections as the screen hands them to the pipeline: an item listed twice is there
  /// twice (the screen's `DuplicateIDPolicy.keepFirst` drops the repeat and logs it).
  public static func sections(_ library: PhotoLibrary) -> [Section] {
    let albums = library.albums.map { Row(id: RowID("album-\($0.id)"), kind: Album.kind, model: $0) }
    let photos = library.photos.map { Row(id: RowID("photo-\($0.id)"), kind: Photo.kind, model: $0) }
    var sections: [Section] = []
    if !albums.isEmpty { sections.append(Section(id: albumsSectionID, header: "Albums", rows: albums)) }
    if !photos.isEmpty { sections.append(Section(id: photosSectionID, header: "Photos", rows: photos)) }
    return sections
  }
}
