import TableCore
import TableFlow

/// The feed: one screen listing the friends of the profile at `GET /api/profile`
/// (`tools/api-server.py` serves it), the way a user of TableFlow writes one.
public struct FriendsFeed: Feed {
  /// The feed's name on the command line.
  public let name = "friends"

  /// One line for `friends feeds`.
  public var summary: String { "the profile's friends, one row each" }

  /// The screens, root first.
  public var screenNames: [String] { ["friends"] }

  /// Creates the feed.
  public init() {}

  /// The friends screen; the feed takes no parameters.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    FriendsScreen()
  }
}
