/// How a subscription to a pipeline's presented updates buffers them when its reader falls
/// behind (see ``Pipeline/updates(buffering:)`` and ``Pipeline/updates(for:buffering:)``).
///
/// A struct rather than an enum so that ways can be added without breaking a `switch`.
public struct UpdateBuffering: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable, Sendable {
    case lossless
    case conflating
  }

  let kind: Kind

  /// Every update, in order; a reader that falls `busCapacity` events behind holds the stages
  /// back until it catches up (nothing is dropped). For logs, the recorder and tests.
  public static let lossless = UpdateBuffering(kind: .lossless)

  /// Never holds the stages back. A reader that fell behind gets, for each screen instance,
  /// only its newest update, with ``PresentedUpdate/previous`` set to the snapshot this reader
  /// last received of that screen and ``PresentedUpdate/changeset`` recomputed from it, so
  /// every update it gets applies to what it shows (valid under UIKit's batch-update rules).
  /// Updates that carry a navigation are never skipped. For a screen's user interface.
  public static let conflating = UpdateBuffering(kind: .conflating)

  /// `lossless` or `conflating`.
  public var description: String {
    switch kind {
    case .lossless: return "lossless"
    case .conflating: return "conflating"
    }
  }
}
