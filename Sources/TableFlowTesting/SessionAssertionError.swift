/// Why a session assertion could not run (as opposed to a log that differs, which fails the
/// test).
public struct SessionAssertionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The one-line explanation.
  public var description: String

  /// Creates an error with its explanation.
  public init(_ description: String) { self.description = description }
}
