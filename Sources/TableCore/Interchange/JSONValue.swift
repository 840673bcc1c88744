/// A JSON value rendered deterministically: object keys sorted by their UTF-8 bytes, integral
/// numbers without a fraction, strings escaped minimally.
///
/// The one interchange encoding: `JSONValue(snapshot)` and `JSONValue(changeset)` build the
/// DESIGN.md forms, which the jsonl log, `tableflow diff`, the viewer and the `Codable`
/// conformances of ``TableSnapshot`` and ``StagedChangeset`` all write.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case integer(Int)
  /// A number with a fraction (written without one when integral).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; written with its keys sorted.
  case object([String: JSONValue])

  /// The value as compact JSON text.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *n* values and *k* keys in the largest object.
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the value as compact JSON text.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .integer(let whole): output += String(whole)
    case .number(let number): output += Self.format(number)
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated()
      {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        members[key, default: .null].write(to: &output)
      }
      output += "}"
    }
  }

  /// Integral values without a fraction (`44`), others in Swift's shortest round-trip form;
  /// non-finite values, which JSON cannot hold, as `null`.
  public static func format(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
  /// everything else copied byte for byte (with ``TextEscaping``'s escaper, TableCore's one).
  public static func writeString(_ text: String, to output: inout String) {
    output += "\""
    TextEscaping.write(text, .json, quoting: true, to: &output)
    output += "\""
  }
}
