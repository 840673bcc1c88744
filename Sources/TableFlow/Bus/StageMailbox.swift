/// A stage's inbox: its unthrottled subscription to the bus, and the pipeline's one seeded
/// scheduling point.
///
/// With a schedule seed (`PipelineOptions.scheduleSeed` or `TABLEFLOW_SCHEDULE_SEED`), every
/// event a stage takes is delayed by a few yields or a short sleep, as the seed, the stage and
/// the count decide, so tests can shake the interleaving of the stages and check that the
/// output does not depend on it. Without a seed it costs nothing.
struct StageMailbox: Sendable {
  private let subscription: BusSubscription
  private let shaker: ScheduleShaker?
  private let stage: UInt64

  init(bus: EventBus, stage: PipelineStageName, shaker: ScheduleShaker?) {
    subscription = bus.subscribeUnthrottled(consuming: Self.consumes(stage))
    self.shaker = shaker
    self.stage = UInt64(truncatingIfNeeded: stage.rawValue.hashValueStable)
  }

  /// The next batch of events in bus order, or `nil` once the bus has finished and the
  /// mailbox is empty (or the stage's task was cancelled).
  nonisolated(nonsending) func next() async -> [BusEvent]? {
    guard let batch = await subscription.nextBatch() else { return nil }
    await shaker?.pause(stage)
    return batch
  }

  /// What each stage takes from the bus: it is woken for nothing else.
  static func consumes(_ stage: PipelineStageName) -> @Sendable (PipelineEvent) -> Bool {
    switch stage {
    case .fetch:
      return { event in
        switch event.payload {
        case .requestStarted, .requestCancelled: return true
        default: return false
        }
      }
    case .decode:
      return { event in
        if case .responseReceived = event.payload { return true }
        return false
      }
    case .transform:
      return { event in
        switch event.payload {
        case .intentSent, .decoded, .presented: return true
        default: return false
        }
      }
    case .present:
      return { event in
        switch event.payload {
        case .snapshotBuilt, .navigated: return true
        default: return false
        }
      }
    case .navigation:
      return { _ in false }
    }
  }

  /// Stops taking events.
  func close() { subscription.cancel() }
}

/// Seeded random yields and short sleeps (see ``StageMailbox``).
final class ScheduleShaker: Sendable {
  private let seed: UInt64
  private let counter = Locked<UInt64>(0)

  init(seed: UInt64) { self.seed = seed }

  func pause(_ key: UInt64) async {
    let call = counter.withLock { calls in
      calls &+= 1
      return calls
    }
    var random = Self.mix(seed ^ Self.mix(key &+ call &* 0x9E37_79B9))
    let choice = random % 8
    random = Self.mix(random)
    switch choice {
    case 0, 1, 2:
      return
    case 3, 4, 5:
      for _ in 0..<(1 + random % 4) { await Task.yield() }
    default:
      try? await Task.sleep(for: .microseconds(50 + Int(random % 400)))
    }
  }

  /// SplitMix64's finaliser: a cheap, well-spread hash of a 64-bit value.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension String {
  /// A hash that is the same in every process (unlike `hashValue`).
  fileprivate var hashValueStable: UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }
}
