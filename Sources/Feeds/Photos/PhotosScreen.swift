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
    return PhotosTransform.sections(library)
  }
}
