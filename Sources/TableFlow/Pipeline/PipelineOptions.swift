import Foundation

/// How a ``Pipeline`` runs.
public struct PipelineOptions: Sendable {
  /// The feed's parameters, such as `["user": "pmtao"]`.
  public var parameters: FeedParameters
  /// A seed for random yields and short sleeps as the stages take events from the bus, to
  /// check that output does not depend on scheduling; `nil` for none. When `nil`,
  /// `TABLEFLOW_SCHEDULE_SEED` in the environment is used if set.
  public var scheduleSeed: UInt64?
  /// The bus's capacity (see ``EventBus``).
  public var busCapacity: Int
  /// How long a request may go unanswered before it fails with `.timedOut` (a request's own
  /// `timeout` wins); `nil` for no limit beyond the transport's own.
  public var requestTimeout: Duration?
  /// Where to record the session, in the order the transform stage applied it: intents, each
  /// batch's requests when started and its answers when applied. The caller finishes the
  /// recorder after the session.
  public var recorder: SessionRecorder?
  /// When replaying a recording: the order in which it applied its intents and answers (see
  /// ``ReplayOrder``). The pipeline then applies them in exactly that order, and ``Pipeline/run(_:onEvent:)``
  /// sends every intent at once.
  public var replayOrder: ReplayOrder?
  /// When replaying a fixture as it is read: its applied order so far (see ``ReplaySteps``).
  var replaySteps: ReplaySteps?

  /// Creates options.
  public init(
    parameters: FeedParameters = [:], scheduleSeed: UInt64? = nil, busCapacity: Int = 4096,
    requestTimeout: Duration? = .seconds(120), recorder: SessionRecorder? = nil,
    replayOrder: ReplayOrder? = nil
  ) {
    self.parameters = parameters
    self.scheduleSeed = scheduleSeed
    self.busCapacity = busCapacity
    self.requestTimeout = requestTimeout
    self.recorder = recorder
    self.replayOrder = replayOrder
  }

  /// The seed in effect: the option, else `TABLEFLOW_SCHEDULE_SEED` if it is a number.
  var effectiveSeed: UInt64? {
    scheduleSeed ?? ProcessInfo.processInfo.environment["TABLEFLOW_SCHEDULE_SEED"].flatMap { UInt64($0) }
  }
}
