/// The sessions `verify` checks: every `NAME.jsonl.gz`, `NAME.log` and `NAME.expect` under a
/// folder, grouped by `NAME`, in one stable (sorted) order, optionally cut to one shard.
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
  struct Shard: Equatable {
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

    /// Whether the entry at `position` in the sorted list belongs to this shard: entries are
    /// dealt round-robin, so shards differ in size by at most one.
    func contains(position: Int) -> Bool { position % count == index - 1 }
  }

  static let fixtureSuffix = ".jsonl.gz"
  static let goldenSuffix = ".log"
  static let expectationSuffix = ".expect"

  /// The entries, sorted by stem.
  var entries: [Entry]

  /// Groups `paths` (as listed under the folder) into entries and keeps the shard's part.
  init(paths: [String], shard: Shard = .all) {
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
    let sorted = byStem.values.sorted { $0.stem < $1.stem }
    entries = sorted.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
  }
}
