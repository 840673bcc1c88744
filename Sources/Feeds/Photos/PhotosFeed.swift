import TableFlow

/// The photo list of seed E: photos and albums in one cell kind. No parameters.
public struct PhotosFeed: Feed {
  /// `photos`.
  public let name = "photos"

  /// One line for `tableflow feeds`.
  public let summary = "photo list: one cell kind fed by photos and albums, 80-point rows"

  /// The one screen.
  public let screenNames = ["photos"]

  /// Creates the feed.
  public init() {}

  /// The photo list.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    _ = try FeedParameterRules(feed: "photos", rules: []).resolve(parameters)
    return PhotosScreen()
  }
}
