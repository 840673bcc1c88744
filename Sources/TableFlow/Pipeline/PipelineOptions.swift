import Foundation

/// How a ``Pipeline`` runs.
public struct PipelineOptions: Sendable {
  /// The feed's parameters, such as `["user": "pmtao"]`.
  public var parameters: FeedParameters
  /// A seed for random yields and short delays between steps, to check that output does not
  /// depend on scheduling; `nil` for none. When `nil`, `TABLEFLOW_SCHEDULE_SEED` in the
  /// environment is used if set.
  public var scheduleSeed: UInt64?
  /// The bus's capacity (see ``EventBus``).
  public var busCapacity: Int
  /// Called with each intent just before the pipeline handles it, in order, after the previous
  /// intent's snapshots are presented: a recorder writes the intent here, so a fixture reads
  /// as the session happened (each intent before the requests it caused).
  public var willHandle: (@Sendable (Intent) async -> Void)?

  /// Creates options.
  public init(
    parameters: FeedParameters = [:], scheduleSeed: UInt64? = nil, busCapacity: Int = 4096,
    willHandle: (@Sendable (Intent) async -> Void)? = nil
  ) {
    self.willHandle = willHandle
    self.parameters = parameters
    self.scheduleSeed = scheduleSeed
    self.busCapacity = busCapacity
  }

  /// The seed in effect: the option, else `TABLEFLOW_SCHEDULE_SEED` if it is a number.
  var effectiveSeed: UInt64? {
    scheduleSeed ?? ProcessInfo.processInfo.environment["TABLEFLOW_SCHEDULE_SEED"].flatMap { UInt64($0) }
  }
}
