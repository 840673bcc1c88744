import TableFlow

/// Remembers how many lines a text takes, so rebuilding a list (every page loaded, every
/// refresh) measures only the texts it has not seen. Measuring is a pure function of the key,
/// so a cached answer is always the answer measuring would give.
///
/// Bounded: past ``capacity`` entries the cache starts afresh, so memory stays small however
/// long a session runs.
struct LineCountCache: ~Copyable, Sendable {
  /// What a line count depends on.
  struct Key: Hashable, Sendable {
    var text: String
    var fontSize: Double
    var maxLines: Int?
  }

  /// The number of entries kept before the cache starts afresh.
  let capacity: Int
  // `Locked`, not `Mutex`: ThreadSanitizer cannot see `Mutex`'s futex locking on Linux and
  // reported this cache, shared by concurrently running transform stages, as a race.
  private let entries = Locked<[Key: Int]>([:])

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The cached line count for `key`, or `measure()`'s, which is then remembered.
  func lines(for key: Key, measure: () -> Int) -> Int {
    if let lines = entries.withLock({ $0[key] }) { return lines }
    let lines = measure()
    entries.withLock { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = lines
    }
    return lines
  }
}
