import TableCore

/// A JSON value as a spec feed reads it: a spec file's contents, or a backend's answer.
///
/// Objects keep their members in document order (a spec's `fields` and `query` are shown and
/// sent in the order written); a member is found by a linear search, which for the small
/// objects of specs and API items is faster than hashing.
public enum SpecValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without a fraction or an exponent that fits an `Int`.
  case integer(Int)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([SpecValue])
  /// An object, its members in document order.
  case object([SpecMember])

  /// The value of the member `key` of an object; `nil` for a missing key or a non-object.
  /// - Complexity: O(members).
  public subscript(key: String) -> SpecValue? {
    guard case .object(let members) = self else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  /// What kind of value this is, for messages: `a string`, `null`, `an object`.
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The text a template shows for a scalar: a string as is, a whole number without a
  /// fraction, `true`/`false`; `nil` for `null`, arrays and objects.
  public var scalarText: String? {
    switch self {
    case .string(let text): text
    case .integer(let whole): String(whole)
    case .number(let number): JSONValue.format(number)
    case .bool(let flag): flag ? "true" : "false"
    case .null, .array, .object: nil
    }
  }
}

/// One member of a ``SpecValue/object(_:)``.
public struct SpecMember: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value.
  public var value: SpecValue

  /// Creates a member.
  public init(_ key: String, _ value: SpecValue) {
    self.key = key
    self.value = value
  }
}
