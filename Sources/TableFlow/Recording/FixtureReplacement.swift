/// When a recorded session replaces the fixture at its recorder's path. (A struct, so that
/// rules can be added.)
///
/// A cancelled session, or one whose recording could not be written, never replaces it.
public struct FixtureReplacement: Hashable, Sendable {
  /// The worst failure category the session must end with, or `nil` for none; `any` when
  /// every ending is accepted.
  private enum Rule: Hashable, Sendable {
    case endsWith(FailureCategory?)
    case any
  }

  private let rule: Rule

  /// Only when the session ended without a failure (the command line's rule): a failed
  /// re-recording never damages the fixture it would replace.
  public static let whenSessionSucceeds = FixtureReplacement(rule: .endsWith(nil))
  /// Whenever the session ran to its end, failures included.
  public static let whenSessionCompletes = FixtureReplacement(rule: .any)

  /// Only when the session ended with exactly this outcome: a worst failure of `category`
  /// (for a session failing by design, such as an HTTP 500 recorded on purpose), or no
  /// failure when `category` is `nil`.
  public static func whenSessionEnds(with category: FailureCategory?) -> FixtureReplacement {
    FixtureReplacement(rule: .endsWith(category))
  }

  /// Whether a session that ended so may replace the fixture.
  public func allows(_ session: SessionOutcome) -> Bool {
    guard !session.wasCancelled else { return false }
    switch rule {
    case .any: return true
    case .endsWith(let category): return session.worstFailure?.category == category
    }
  }
}
