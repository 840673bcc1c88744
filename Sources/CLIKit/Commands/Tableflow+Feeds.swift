import Feeds
import TableFlow

extension Tableflow {
  /// The feeds `run`, `replay` and `feeds` know by name.
  static let builtinFeeds: [any Feed] = BuiltinFeeds.all
}
