import Synchronization

/// Seeded random yields and short delays between pipeline steps, to shake out any dependence
/// of the output on scheduling (`TABLEFLOW_SCHEDULE_SEED`). Without a seed it does nothing.
final class ScheduleJitter: Sendable {
  private let seed: UInt64?
  private let counter = Atomic<UInt64>(0)

  init(seed: UInt64?) { self.seed = seed }

  /// Yields or sleeps a little, as the seed, the step's key and the call count decide.
  ///
  /// Runs on the caller's executor: without a seed it costs no hop off a stage actor.
  nonisolated(nonsending) func pause(_ key: Int) async {
    guard let seed else { return }
    let call = counter.add(1, ordering: .relaxed).newValue
    var random = Self.mix(seed ^ Self.mix(UInt64(truncatingIfNeeded: key) &+ call &* 0x9E37_79B9))
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
