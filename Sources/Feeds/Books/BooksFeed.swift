import TableFlow

/// The Douban book list of seed A: 想读 / 在读 / 读过, a static detail, mixed reviews.
///
/// Parameters: `user` (default `pmtao`), whose collections to show; `count` (1–100), the page
/// size, 20 by default, 40 with `grouping=status` (as seed A asks); `grouping` (`request`, the
/// default: one request per status; `status`: one request for all statuses, grouped by each
/// entry's status, as seed A's list).
public struct BooksFeed: Feed {
  /// `books`.
  public let name = "books"

  /// One line for `tableflow feeds`.
  public let summary = "Douban book list (想读/在读/读过) with detail and reviews screens"

  /// The list, the detail and the reviews.
  public let screenNames = ["books", "detail", "reviews"]

  /// Creates the feed.
  public init() {}

  static let rules = FeedParameterRules(
    feed: "books",
    rules: [
      .init(
        name: "user", defaultValue: "pmtao", expected: "a user name (letters, digits, '.', '_', '-')",
        isValid: FeedParameterRules.isUserName),
      .init(
        name: "count", defaultValue: nil, expected: "a page size from 1 to 100",
        isValid: { FeedParameterRules.isNumber($0, in: 1...100) }),
      .init(
        name: "grouping", defaultValue: "request", expected: "request or status",
        isValid: { BookListScreen.Grouping(rawValue: $0) != nil }),
    ])

  /// The book list of the `user` parameter.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    let values = try Self.rules.resolve(parameters)
    let grouping = values["grouping"].flatMap(BookListScreen.Grouping.init(rawValue:)) ?? .request
    let pageSize = Int(values["count"] ?? "") ?? (grouping == .status ? 40 : 20)
    return BookListScreen(user: values["user"] ?? "pmtao", pageSize: pageSize, grouping: grouping)
  }
}
