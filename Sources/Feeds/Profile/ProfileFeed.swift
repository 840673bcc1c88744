import TableFlow

/// The profile page of seed D. Parameter: `variant` (optional), passed to the backend as
/// `?variant=` (the loopback backend knows `full`, `minimal` and `bare`).
public struct ProfileFeed: Feed {
  /// `profile`.
  public let name = "profile"

  /// One line for `tableflow feeds`.
  public let summary = "profile page; sections appear only when the backend sends their data"

  /// The one screen.
  public let screenNames = ["profile"]

  /// Creates the feed.
  public init() {}

  static let rules = FeedParameterRules(
    feed: "profile",
    rules: [
      .init(
        name: "variant", defaultValue: nil, expected: "a variant name (letters, digits, '.', '_', '-')",
        isValid: FeedParameterRules.isUserName)
    ])

  /// The profile screen.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    ProfileScreen(variant: try Self.rules.resolve(parameters)["variant"])
  }
}
