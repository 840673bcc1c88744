import TableFlow

/// The sign-in forms of seed C, typed into with `edit` and `toggle` intents:
/// ```
/// load
/// edit username pmtao
/// select signin-with-password
/// edit password douban        # logged as `edit password ••••`
/// toggle remember
/// select submit               # POST /api/session with what was typed
/// ```
/// No parameters.
public struct SignInFeed: Feed {
  /// `signin`.
  public let name = "signin"

  /// One line for `tableflow feeds`.
  public let summary = "sign-in forms you type into (edit, toggle); submit sends POST /api/session"

  /// The two pages.
  public let screenNames = ["signin", "password"]

  /// Creates the feed.
  public init() {}

  /// The first sign-in page.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    _ = try FeedParameterRules(feed: "signin", rules: []).resolve(parameters)
    return SignInScreen()
  }
}
