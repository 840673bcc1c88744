/// A `pattern` rule's regular expression (Swift `Regex` syntax), checked when the spec loads.
struct SpecPattern: Sendable {
  /// The expression as written.
  let text: String

  /// The pattern `text`, or `nil` when it is not a regular expression (the cause in `error`).
  init(_ text: String) throws {
    _ = try Regex(text)
    self.text = text
  }

  /// Whether the whole of `value` matches.
  func matches(_ value: String) -> Bool {
    // Compiled again for each check: a form is checked once per intent, and a `Regex` of
    // `AnyRegexOutput` is not `Sendable`, so a compiled one cannot live in the definition.
    guard let regex = try? Regex(text) else { return false }
    return value.wholeMatch(of: regex) != nil
  }
}
