/// A feed: a backend's screens, written by a user of TableFlow.
///
/// A feed is usually a small struct: a name and the root screen made from parameters.
/// ```swift
/// struct BooksFeed: Feed {
///   let name = "books"
///   func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
///     BookListScreen(user: parameters["user", default: "pmtao"])
///   }
/// }
/// ```
public protocol Feed: Sendable {
  /// The feed's name, as the command line knows it (`books`).
  var name: String { get }

  /// One line about the feed, for `tableflow feeds`. Defaults to empty.
  var summary: String { get }

  /// The names of the screens the feed can show, root first, for `tableflow feeds`.
  /// Defaults to empty.
  var screenNames: [String] { get }

  /// The first screen, made from the feed's parameters (such as `user=pmtao`).
  ///
  /// - Throws: ``FeedError`` when a parameter is unknown or invalid.
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen
}

extension Feed {
  /// No summary.
  public var summary: String { "" }

  /// No screen names listed.
  public var screenNames: [String] { [] }
}

/// A feed's parameters: names to values, given on the command line as `--param name=value`.
public typealias FeedParameters = [String: String]

/// A feed that cannot start with the parameters it was given.
public struct FeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the parameter.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
