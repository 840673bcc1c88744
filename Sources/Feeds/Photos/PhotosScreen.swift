import TableCore
import TableFlow

/// The photo list: albums, then photos, every row a `photo` cell.
public struct PhotosScreen: Screen {
  /// Creates the screen.
  public init() {}

  /// `photos`.
  public var name: String { "photos" }

  /// An item listed twice shows once: the repeat is dropped, and logged.
  public var duplicateIDPolicy: DuplicateIDPolicy { .keepFirst }

  /// `GET /api/photos`.
  public func requests(for load: ScreenLoad, state: ScreenState<PhotoLibrary>) -> [ScreenRequest] {
    [.get("/api/photos")]
  }

  /// Albums and photos, once loaded.
  public func sections(for state: ScreenState<PhotoLibrary>) throws -> [Section] {
    guard let library = state.model else { return [] }
    // PhotosTransform.sections(library), each row built once per item and then reused.
    let albums = state.rows(PhotosTransform.albumsSectionID, of: library.albums) {
      Row(id: RowID("album-\($0.id)"), kind: Album.kind, model: $0)
    }
    let photos = state.rows(PhotosTransform.photosSectionID, of: library.photos) {
      Row(id: RowID("photo-\($0.id)"), kind: Photo.kind, model: $0)
    }
    var sections: [Section] = []
    if !albums.isEmpty {
      sections.append(Section(id: PhotosTransform.albumsSectionID, header: "Albums", rows: albums))
    }
    if !photos.isEmpty {
      sections.append(Section(id: PhotosTransform.photosSectionID, header: "Photos", rows: photos))
    }
    return sections
  }
}
