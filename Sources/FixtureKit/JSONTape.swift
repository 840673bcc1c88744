#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON document checked and indexed in one pass: a flat list of its values in document
/// order, each pointing at its bytes, containers pointing past their last descendant. The
/// model decoder walks it instead of the text, so every value is scanned exactly once.
///
/// Built with ``JSONScanner``'s validating scans, it is as strict as Foundation's
/// `JSONDecoder`: UTF-8 is checked, lone surrogate escapes are refused, numbers follow JSON's
/// grammar, a UTF-8 byte order mark is skipped and a trailing comma before `]` or `}` is
/// accepted (as Foundation does). Beyond Foundation, an object with the same key twice is an
/// error. Nesting deeper than ``maximumDepth`` is an error; building never recurses.
///
/// UTF-8 is checked once, and only where it can be wrong: bytes of 0x80 or more are refused
/// outside strings by the grammar, and each string holding one is checked as it is scanned,
/// by becoming a `String` that must hold the same bytes. A value without escapes keeps that
/// `String` (in ``strings``), which ``string(_:in:)`` then hands out without checking again.
package struct JSONTape: Sendable {
  /// The kind of a value.
  package enum Kind: UInt8, Sendable {
    case object, array, string, number, `true`, `false`, null
  }

  /// One value. Strings: `start..<end` is the inside of the quotes. Numbers and literals:
  /// `start..<end` is the token. Containers: `start` is the bracket, `end` the index of the
  /// entry after the container, `count` its elements (an object's members). An object's
  /// entries are key, value, key, value…
  package struct Entry: Sendable {
    package var kind: Kind
    /// Strings: whether it holds escapes. Numbers: whether it is an integer (no fraction and
    /// no exponent).
    package var flag: Bool
    /// Strings: whether every byte is ASCII.
    package var isASCII = true
    /// Strings: whether it is an object's key (see `count`).
    package var isKey = false
    package var start: UInt32
    package var end: UInt32
    /// Containers: the elements (an object's members). Keys: the entry of their object, so a
    /// key found by its place can be told from a string nested deeper. Other strings that are
    /// not ASCII and hold no escapes: the index of their checked text in
    /// ``JSONTape/strings``. Otherwise 0.
    package var count: UInt32

    /// An object or an array (compared by raw value: cheap in unspecialised generic code).
    @inline(__always)
    package var isContainer: Bool { kind.rawValue <= Kind.array.rawValue }

    @inline(__always)
    package var isNull: Bool { kind.rawValue == Kind.null.rawValue }
  }

  /// Containers nested deeper than this are refused (as Foundation's parser does).
  package static let maximumDepth = 512

  /// The values in document order; the root is entry 0.
  package private(set) var entries: [Entry]

  /// The text of each string value (not key) that is not ASCII and holds no escapes, in
  /// document order, checked as UTF-8 when the tape was built; an entry's `count` is its index
  /// here.
  package let strings: [String]

  /// Per string of ``strings``, its bytes' ``JSONStringTable/hash(_:count:)``, when the tape
  /// was built reusing strings (else empty): what the table for the next version is made of.
  package let stringHashes: [UInt64]

  /// The non-ASCII string values of this document as a table for decoding its next version
  /// (see ``init(_:reusing:)``).
  package var stringTable: JSONStringTable { JSONStringTable(strings: strings, hashes: stringHashes) }

  /// Checks and indexes the `bytes` of a whole document.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first problem.
  /// - Complexity: O(n) for n bytes (duplicate keys are found by comparing each object's keys:
  ///   O(k²) for k ≤ 16 keys, hashed above).
  package init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
    try self.init(bytes, reusing: nil, hashesStrings: false)
  }

  /// Checks and indexes the `bytes` of a whole document, as ``init(_:)`` does, taking each
  /// non-ASCII string value without escapes from `previous` (the table of an earlier version
  /// of the document, ``stringTable``) when it holds one with the same bytes, and keeping the
  /// strings' hashes for this tape's own table.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first problem.
  package init(
    _ bytes: UnsafeBufferPointer<UInt8>, reusing previous: JSONStringTable?
  ) throws(JSONSyntaxError) {
    try self.init(bytes, reusing: previous, hashesStrings: true)
  }

  private init(
    _ bytes: UnsafeBufferPointer<UInt8>, reusing previous: JSONStringTable?, hashesStrings: Bool
  ) throws(JSONSyntaxError) {
    guard let base = bytes.baseAddress, bytes.count < Int(UInt32.max) else {
      throw JSONSyntaxError(
        cause: bytes.isEmpty ? "unexpected end of input" : "document too large", offset: 0)
    }
    // Strings' UTF-8 is not checked while scanning: only strings holding a byte of 0x80 or
    // more are, once each, as they become text (ASCII needs no check). Any failure is found
    // again by a scan that checks everything, so the first problem in the text is the one
    // reported, as a single checking scan would.
    var builder = Builder(scanner: JSONScanner(reading: base, count: bytes.count), validatesUTF8: false)
    builder.previous = previous
    builder.hashesStrings = hashesStrings
    builder.entries.reserveCapacity(bytes.count / 12 + 4)
    do {
      try builder.run()
    } catch {
      var checking = Builder(scanner: JSONScanner(reading: base, count: bytes.count), validatesUTF8: true)
      do {
        try checking.run()
      } catch {
        throw checking.locate(error)
      }
      throw JSONSyntaxError(cause: "invalid UTF-8 sequence", offset: 0)
    }
    entries = builder.entries
    strings = builder.strings
    stringHashes = builder.stringHashes
  }

  /// The `count` bytes at `start` as text, or `nil` when they are not well-formed UTF-8:
  /// decoding repairs each ill-formed sequence into U+FFFD, which changes the bytes.
  static func checkedText(_ start: UnsafePointer<UInt8>, count: Int) -> String? {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var copy = text
    let same = copy.withUTF8 { utf8 in
      guard let decoded = utf8.baseAddress, utf8.count == count else { return count == 0 }
      return memcmp(decoded, start, count) == 0
    }
    return same ? text : nil
  }

  /// The text of the string or key at `entry`, escapes decoded.
  package static func text(of entry: Entry, in base: UnsafePointer<UInt8>) -> String {
    let inside = UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.end - entry.start))
    return entry.flag ? JSONUnescaper.text(inside) : String(decoding: inside, as: UTF8.self)
  }

  /// The text of the string or key at `entry`, escapes decoded; a non-ASCII value without
  /// escapes is the text checked when the tape was built (``strings``), not made again.
  @inline(__always)
  package func string(_ entry: Entry, in base: UnsafePointer<UInt8>) -> String {
    guard !entry.flag, !entry.isASCII, !entry.isKey else { return Self.text(of: entry, in: base) }
    return strings[Int(entry.count)]
  }

  /// The index of the entry after the value at `index` and its descendants.
  @inline(__always)
  package func next(after index: Int) -> Int {
    let entry = entries[index]
    return entry.kind == .object || entry.kind == .array ? Int(entry.end) : index + 1
  }
}
