import FixtureKit

/// How a `ReplayTransport` loads its fixture and answers requests.
public struct ReplayOptions: Sendable {
  /// What to do with requests the fixture cannot answer (default `.none`: fail them).
  public var mode: RecordMode
  /// The live transport used by `.missing` and `.all`.
  public var live: (any Transport)?
  /// Whether to wait out each recorded latency; by default time is virtual and answers are
  /// instant, with the recorded latency kept in `TransportResponse.elapsed`.
  public var realtime: Bool
  /// The clock used when `realtime` is on.
  public var clock: any Clock<Duration>
  /// Whether a damaged file (such as a `.partial` left by a killed recording) loads its
  /// complete records instead of failing; the damage is kept in `ReplayTransport.damage`.
  public var salvagesDamage: Bool
  /// Caps on the fixture's size.
  public var limits: FixtureLimits
  /// Applied to incoming requests before matching, as the recording applied it.
  public var redaction: Redaction

  /// Creates options; the defaults replay only, instantly, from an undamaged file.
  public init(
    mode: RecordMode = .none, live: (any Transport)? = nil,
    realtime: Bool = false, clock: any Clock<Duration> = ContinuousClock(),
    salvagesDamage: Bool = false, limits: FixtureLimits = .standard,
    redaction: Redaction = .standard
  ) {
    self.mode = mode
    self.live = live
    self.realtime = realtime
    self.clock = clock
    self.salvagesDamage = salvagesDamage
    self.limits = limits
    self.redaction = redaction
  }
}
