import Foundation

/// SplitMix64, so every run measures the same workload.
struct BenchRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// `value` rounded to `places` decimals as a JSON number, or `null` when not finite.
func benchRounded(_ value: Double, _ places: Int) -> String {
  guard value.isFinite else { return "null" }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  return "\((value * scale).rounded() / scale)"
}

/// The process's peak resident set in MB (VmHWM).
func peakResidentMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan
    return kilobytes / 1024
  }
  return .nan
}

/// The one-minute load average, so a reader can tell whether the cores were free.
func loadAverage() -> Double {
  var loads = [0.0, 0.0, 0.0]
  return getloadavg(&loads, 3) > 0 ? loads[0] : .nan
}

/// `value` as JSON with its keys sorted: the same bytes for the same value, every time.
/// (`JSONEncoder`'s default key order follows a dictionary's, which differs between encodes on
/// Linux: two answers of the same books would differ in every object's member order, which a
/// backend serialising the same data does not do, and which a spec feed, keeping answers'
/// members in document order, sees as a change of every record.)
func stableJSON(_ value: some Encodable) throws -> [UInt8] {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return Array(try encoder.encode(value))
}
