/// Space around text inside a cell, in points.
public struct TextPadding: Hashable, Sendable {
  /// Space above the first line.
  public var top: Double
  /// Space before each line.
  public var left: Double
  /// Space below the last line.
  public var bottom: Double
  /// Space after each line.
  public var right: Double

  /// Creates a padding; every side defaults to zero.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same padding on every side.
  public init(all: Double) {
    self.init(top: all, left: all, bottom: all, right: all)
  }

  /// No padding.
  public static let zero = TextPadding()
}
