/// A JSON document checked and indexed in one pass: a flat list of its values in document
/// order, each pointing at its bytes, containers pointing past their last descendant. The
/// model decoder walks it instead of the text, so every value is scanned exactly once.
///
/// Built with ``JSONScanner``'s validating scans, it is as strict as Foundation's
/// `JSONDecoder`: UTF-8 is checked, lone surrogate escapes are refused, numbers follow JSON's
/// grammar, a UTF-8 byte order mark is skipped and a trailing comma before `]` or `}` is
/// accepted (as Foundation does). Beyond Foundation, an object with the same key twice is an
/// error. Nesting deeper than ``maximumDepth`` is an error; building never recurses.
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
    package var start: UInt32
    package var end: UInt32
    package var count: UInt32
  }

  /// Containers nested deeper than this are refused (as Foundation's parser does).
  package static let maximumDepth = 512

  /// The values in document order; the root is entry 0.
  package private(set) var entries: [Entry]

  /// Checks and indexes the `bytes` of a whole document.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first problem.
  /// - Complexity: O(n) for n bytes (duplicate keys are found by comparing each object's keys:
  ///   O(k²) for k ≤ 16 keys, hashed above).
  package init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
    guard let base = bytes.baseAddress, bytes.count < Int(UInt32.max) else {
      throw JSONSyntaxError(
        cause: bytes.isEmpty ? "unexpected end of input" : "document too large", offset: 0)
    }
    var builder = Builder(scanner: JSONScanner(reading: base, count: bytes.count))
    builder.entries.reserveCapacity(bytes.count / 12 + 4)
    do {
      try builder.run()
    } catch {
      throw builder.locate(error)
    }
    entries = builder.entries
  }

  /// The text of the string or key at `entry`, escapes decoded.
  package static func text(of entry: Entry, in base: UnsafePointer<UInt8>) -> String {
    let inside = UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.end - entry.start))
    return entry.flag ? JSONUnescaper.text(inside) : String(decoding: inside, as: UTF8.self)
  }

  /// The index of the entry after the value at `index` and its descendants.
  @inline(__always)
  package func next(after index: Int) -> Int {
    let entry = entries[index]
    return entry.kind == .object || entry.kind == .array ? Int(entry.end) : index + 1
  }
}
