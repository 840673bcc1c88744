/// Which screen an event concerns: its name and its place in the session.
public struct ScreenRef: Hashable, Sendable, CustomStringConvertible {
  /// A number unique to this screen instance within a pipeline, counting pushes from 1 (the
  /// root screen).
  public let instance: Int
  /// The screen's name, as the feed declares it.
  public let name: String
  /// The screen's depth in the navigation stack: 0 for the root.
  public let depth: Int

  /// Creates a reference.
  public init(instance: Int, name: String, depth: Int) {
    self.instance = instance
    self.name = name
    self.depth = depth
  }

  /// The screen's name.
  public var description: String { name }
}
