import TableFlow

/// The sign-in forms of seed C. Parameters: `user` (default `pmtao`) and `password` (default
/// `plum-tea-7391`, the loopback backend's password for pmtao), standing in for what a person types.
public struct SignInFeed: Feed {
  /// `signin`.
  public let name = "signin"

  /// One line for `tableflow feeds`.
  public let summary = "sign-in forms built from rows; submit sends POST /api/session"

  /// The two pages.
  public let screenNames = ["signin", "password"]

  /// Creates the feed.
  public init() {}

  static let rules = FeedParameterRules(
    feed: "signin",
    rules: [
      .init(name: "user", defaultValue: "pmtao", expected: "a user name", isValid: { $0.count <= 64 }),
      .init(
        name: "password", defaultValue: "plum-tea-7391", expected: "a password", isValid: { $0.count <= 128 }),
    ])

  /// The first sign-in page.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    let values = try Self.rules.resolve(parameters)
    return SignInScreen(username: values["user"] ?? "", password: values["password"] ?? "")
  }
}
