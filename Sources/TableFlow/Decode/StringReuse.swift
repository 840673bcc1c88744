import FixtureKit

/// Strings handed out again across answers: decoding the next answer to a request (a refresh,
/// a page asked again) takes each non-ASCII string value with the same bytes as one of the
/// last answer's from that answer (``JSONStringTable``), so the unchanged part of the new
/// answer shares the old one's storage. Values never differ for it, only where they live:
/// an unchanged book costs no new memory, and the screen's memo finds it equal to the book
/// it showed by comparing identical storage.
///
/// The decode stage keeps the tables (``DecodedStrings``) and sets, around each body's
/// decoding, the task-local ``scope`` that the package's decoder reads: a screen's own
/// `decode(_:)` that calls ``JSONDecoding/decode(_:from:)`` takes part without knowing it.
enum StringReuse {
  /// The strings one body's decoding may reuse, and where it leaves its own.
  @TaskLocal static var scope: StringReuseScope?

  /// The tables of the decode stage whose task this is.
  @TaskLocal static var store: DecodedStrings?

  /// Runs `decode` for the answer to the request `key` (its method and URL) with the store's
  /// strings for that request, and keeps the strings that decoding left: a plain call when no
  /// store is set.
  static func decoding<Result>(key: String, _ decode: () -> Result) -> Result {
    guard let store else { return decode() }
    let scope = StringReuseScope(previous: store.strings(for: key).map(JSONStringTable.init))
    let result = $scope.withValue(scope) { decode() }
    if let made = scope.made.withLock({ $0 }) { store.keep(made, for: key) }
    return result
  }
}

/// What one body's decoding reads (the last answer's strings) and leaves (its own).
final class StringReuseScope: Sendable {
  let previous: JSONStringTable?
  let made = Locked<JSONStringTable.Contents?>(nil)

  init(previous: JSONStringTable?) {
    self.previous = previous
  }
}

/// The strings of the last answers to the last few requests, one per request (indexed only
/// when the request is answered again).
///
/// Bounded: the tables of at most ``keptRequests`` requests are kept, the least recently
/// answered dropped first. A table keeps its strings alive, and the screens usually hold
/// them anyway.
final class DecodedStrings: Sendable {
  /// The most requests whose last answer's strings are kept.
  static let keptRequests = 8

  private let tables = Locked<[(key: String, strings: JSONStringTable.Contents)]>([])

  /// The strings of the last answer to the request `key`, if kept.
  func strings(for key: String) -> JSONStringTable.Contents? {
    tables.withLock { tables in tables.last { $0.key == key }?.strings }
  }

  /// Keeps `strings` as the last answer's to `key`, replacing the one before.
  func keep(_ strings: JSONStringTable.Contents, for key: String) {
    tables.withLock { tables in
      tables.removeAll { $0.key == key }
      tables.append((key, strings))
      if tables.count > Self.keptRequests { tables.removeFirst(tables.count - Self.keptRequests) }
    }
  }
}

/// The long ASCII string values one decoding reads, each taken from the earlier version's
/// table when it has the same bytes, and kept with its hash for this version's table. (The
/// tape makes every non-ASCII value's string as it checks it; an ASCII one is made only when
/// the model reads it, so only those read are kept.) Used by one decoding, on one thread.
final class ASCIIStrings {
  /// The most bytes a `String` holds inside itself, with no storage to share.
  static let inlineBytes: UInt32 = 15

  private let previous: JSONStringTable?
  private(set) var strings: [String] = []
  private(set) var hashes: [UInt64] = []

  init(previous: JSONStringTable?) {
    self.previous = previous
  }

  /// The text of the ASCII string `token` (no escapes), from the previous table if it is there.
  func string(_ token: JSONTape.Entry, in base: UnsafePointer<UInt8>) -> String {
    let start = base + Int(token.start)
    let count = Int(token.end - token.start)
    let hash = JSONStringTable.hash(start, count: count)
    let text =
      previous?.string(matching: start, count: count, hash: hash)
      ?? String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    strings.append(text)
    hashes.append(hash)
    return text
  }
}
