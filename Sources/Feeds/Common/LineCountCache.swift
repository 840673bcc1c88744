import Foundation

/// Remembers how many lines a text takes, so that a row built again for a text seen before
/// (an entry listed twice, a refresh whose pages moved) does not measure it again. Measuring
/// is a pure function of the key, so a cached answer is always the answer measuring would
/// give. (The built-in feeds build a row once per entry, ``ScreenState/rows(_:ofPages:build:)``,
/// so the cache is asked once per new entry, not once per row at every build.)
///
/// Bounded: past ``capacity`` entries the cache starts afresh, so memory stays small however
/// long a session runs.
final class LineCountCache: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `entries` is read and written only between `lock.lock()`
  // and `lock.unlock()` (in `withEntries`), so one thread at a time touches it, and the
  // unlock/lock pair orders each access before the next; `capacity` is immutable. Foundation's
  // `NSLock` (public API, as the demo feeds use only public API; on every platform) is a pthread
  // mutex, which ThreadSanitizer sees: this cache is shared by concurrently running transform
  // stages.

  /// What a line count depends on. Texts are hashed and compared as UTF-8 bytes: one pass
  /// over the bytes, without the Unicode normalisation `String` hashing does (a CJK summary
  /// costs several times its length that way). Texts with the same bytes measure the same;
  /// canonically equivalent texts with other bytes are simply two entries.
  struct Key: Hashable, Sendable {
    var text: String
    var fontSize: Double
    var maxLines: Int?

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.fontSize == rhs.fontSize && lhs.maxLines == rhs.maxLines && UTF8Bytes.equal(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(fontSize)
      hasher.combine(maxLines)
      UTF8Bytes.hash(text, into: &hasher)
    }
  }

  /// The number of entries kept before the cache starts afresh.
  let capacity: Int
  private let lock = NSLock()
  private var entries: [Key: Int] = [:]

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The cached line count for `key`, or `measure()`'s, which is then remembered.
  func lines(for key: Key, measure: () -> Int) -> Int {
    if let lines = withEntries({ $0[key] }) { return lines }
    let lines = measure()
    withEntries { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = lines
    }
    return lines
  }

  private func withEntries<Result>(_ body: (inout [Key: Int]) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&entries)
  }
}
