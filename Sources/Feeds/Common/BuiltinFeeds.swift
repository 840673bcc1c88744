import TableFlow

/// The feeds that ship with TableFlow, reproducing the seed screens: what `tableflow feeds`
/// lists and what `tableflow run NAME` looks up.
public enum BuiltinFeeds {
  /// Every built-in feed: books, profile, signin, photos.
  public static let all: [any Feed] = [
    BooksFeed(), ProfileFeed(), SignInFeed(), PhotosFeed(), ProvidersFeed(),
  ]

  /// The built-in feed called `name`, if any.
  public static func named(_ name: String) -> (any Feed)? {
    all.first { $0.name == name }
  }
}
