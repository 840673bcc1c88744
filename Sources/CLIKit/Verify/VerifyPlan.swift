/// The sessions `verify` checks: every `NAME.jsonl.gz`, `NAME.log` and `NAME.expect` under a
/// folder, grouped by `NAME`, in one stable (sorted) order, and their deal into shards.
struct VerifyPlan: Equatable {
  /// One session: whichever of its three files exist.
  struct Entry: Equatable {
    /// The path without its extension, starting with the folder as given.
    var stem: String
    var fixture: String?
    var golden: String?
    var expectation: String?

    /// The name that stands for the entry in output lines: the fixture, else the golden, else
    /// the sidecar.
    var displayName: String { fixture ?? golden ?? expectation ?? stem }
  }

  /// Which part of the entries a run takes: shard `index` (1-based) of `count`.
  struct Shard: Hashable, Sendable {
    var index: Int
    var count: Int

    /// Every entry.
    static let all = Shard(index: 1, count: 1)

    /// Parses `I/N` with 1 ≤ I ≤ N.
    /// - Throws: `CommandFailure` (64) saying what a shard looks like.
    static func parse(_ text: String) throws(CommandFailure) -> Shard {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        (1...count).contains(index)
      else {
        throw CommandFailure(.usage, "--shard expects I/N with 1 ≤ I ≤ N, e.g. 2/4 (got '\(text)')")
      }
      return Shard(index: index, count: count)
    }

    /// `I/N`.
    var description: String { "\(index)/\(count)" }
  }

  static let fixtureSuffix = ".jsonl.gz"
  static let goldenSuffix = ".log"
  static let expectationSuffix = ".expect"

  /// The entries, sorted by stem.
  var entries: [Entry]

  /// Groups `paths` (as listed under the folder) into entries.
  init(paths: [String]) {
    var byStem: [String: Entry] = [:]
    for path in paths {
      for (suffix, keyPath) in [
        (Self.fixtureSuffix, \Entry.fixture), (Self.goldenSuffix, \Entry.golden),
        (Self.expectationSuffix, \Entry.expectation),
      ] where path.hasSuffix(suffix) {
        let stem = String(path.dropLast(suffix.count))
        byStem[stem, default: Entry(stem: stem)][keyPath: keyPath] = path
      }
    }
    entries = byStem.values.sorted { $0.stem < $1.stem }
  }

  /// The entries of `shard`, in sorted order, dealt so that the shards' total weights are as
  /// even as a greedy deal makes them: heaviest entry first (equal weights in sorted order),
  /// each to the shard with the least weight so far (the lowest-numbered of equals). The same
  /// entries and weights always give the same shards, which are disjoint and together hold
  /// every entry.
  /// - Complexity: O(*n* log *n* + *n* · *count*) for *n* entries.
  func entries(of shard: Shard, weights: (Entry) -> Double) -> [Entry] {
    guard shard.count > 1 else { return entries }
    let weighed = entries.map { max(0, weights($0)) }
    let heaviestFirst = weighed.indices.sorted {
      weighed[$0] != weighed[$1] ? weighed[$0] > weighed[$1] : $0 < $1
    }
    var loads = [Double](repeating: 0, count: shard.count)
    var taken: [Int] = []
    for index in heaviestFirst {
      var lightest = 0
      for candidate in loads.indices where loads[candidate] < loads[lightest] { lightest = candidate }
      loads[lightest] += weighed[index]
      if lightest == shard.index - 1 { taken.append(index) }
    }
    return taken.sorted().map { entries[$0] }
  }
}
