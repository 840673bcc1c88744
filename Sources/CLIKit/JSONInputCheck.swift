import FixtureKit

/// Checks a JSON document before `diff` decodes it, with the package's scanner (``JSONTape``):
/// its syntax, and what Foundation's parser would accept silently but `diff` must not: an
/// object with the same key twice and an integer outside the 64-bit range (a parser may turn
/// it into a `Double`, so two different integers can compare equal).
///
/// Runs in linear time and constant stack (the scanner never recurses).
enum JSONInputCheck {
  /// The first problem found: what, and where (1-based line and column, 0-based byte).
  struct Problem: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
    var byte: Int

    /// `LINE:COLUMN: MESSAGE (byte N)`.
    var description: String { "\(line):\(column): \(message) (byte \(byte))" }
  }

  /// Finds the first syntax error, duplicate key or out-of-range integer in `bytes`.
  /// - Throws: ``Problem``: `invalid JSON: cause`, `duplicate key "k" in one object`,
  ///   `integer N is outside the 64-bit range`.
  static func check(_ bytes: [UInt8]) throws(Problem) {
    let tape: JSONTape
    do throws(JSONSyntaxError) {
      tape = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
    } catch {
      let isDuplicate = error.cause.hasPrefix("duplicate key")
      throw problem(isDuplicate ? error.cause : "invalid JSON: \(error.cause)", at: error.offset, in: bytes)
    }
    for entry in tape.entries where entry.kind == .number && entry.flag {
      let literal = String(decoding: bytes[Int(entry.start)..<Int(entry.end)], as: UTF8.self)
      guard Int64(literal) == nil else { continue }
      let shown = literal.count > 40 ? literal.prefix(40) + "…" : Substring(literal)
      throw problem("integer \(shown) is outside the 64-bit range", at: Int(entry.start), in: bytes)
    }
  }

  private static func problem(_ message: String, at offset: Int, in bytes: [UInt8]) -> Problem {
    let (line, column) = JSONSyntaxError.lineAndColumn(of: offset, in: bytes)
    return Problem(message: message, line: line, column: column, byte: offset)
  }
}
