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

  /// Runs `decode` for the answer to `request` with the store's table for that request, and
  /// keeps the table that decoding left: a plain call when no store is set.
  static func decoding<Result>(_ request: TransportRequest, _ decode: () -> Result) -> Result {
    guard let store else { return decode() }
    let key = "\(request.method) \(request.relativeURL)"
    let scope = StringReuseScope(previous: store.table(for: key))
    let result = $scope.withValue(scope) { decode() }
    if let made = scope.made.withLock({ $0 }) { store.keep(made, for: key) }
    return result
  }
}

/// What one body's decoding reads (the last answer's strings) and leaves (its own).
final class StringReuseScope: Sendable {
  let previous: JSONStringTable?
  let made = Locked<JSONStringTable?>(nil)

  init(previous: JSONStringTable?) {
    self.previous = previous
  }
}

/// The string tables of the last answers to the last few requests, one per request.
///
/// Bounded: the tables of at most ``keptRequests`` requests are kept, the least recently
/// answered dropped first. A table keeps its strings alive, and the screens usually hold
/// them anyway.
final class DecodedStrings: Sendable {
  /// The most requests whose last answer's strings are kept.
  static let keptRequests = 8

  private let tables = Locked<[(key: String, table: JSONStringTable)]>([])

  /// The table of the last answer to the request `key`, if kept.
  func table(for key: String) -> JSONStringTable? {
    tables.withLock { tables in tables.last { $0.key == key }?.table }
  }

  /// Keeps `table` as the last answer's to `key`, replacing the one before.
  func keep(_ table: JSONStringTable, for key: String) {
    tables.withLock { tables in
      tables.removeAll { $0.key == key }
      tables.append((key, table))
      if tables.count > Self.keptRequests { tables.removeFirst(tables.count - Self.keptRequests) }
    }
  }
}
