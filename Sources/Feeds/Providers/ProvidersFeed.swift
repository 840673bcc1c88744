import TableFlow

/// Seed B's cell providers and adapter: rows that compute their own height, and cell events
/// on the bus. No parameters.
public struct ProvidersFeed: Feed {
  /// `providers`.
  public let name = "providers"

  /// One line for `tableflow feeds`.
  public let summary = "cell providers that size themselves (40 + text + 21); cell events on the bus"

  /// The one screen.
  public let screenNames = ["providers"]

  /// Creates the feed.
  public init() {}

  /// The providers screen.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    _ = try FeedParameterRules(feed: "providers", rules: []).resolve(parameters)
    return ProvidersScreen()
  }
}
