import TableCore
import TableFlow

/// Checks a feed's parameters: only known names, each value well-formed.
struct FeedParameterRules: Sendable {
  /// A parameter the feed accepts, with its default and a check of its value.
  struct Rule: Sendable {
    var name: String
    var defaultValue: String?
    var expected: String
    var isValid: @Sendable (String) -> Bool
  }

  let feed: String
  let rules: [Rule]

  /// The parameters with defaults filled in.
  /// - Throws: `FeedError` naming an unknown parameter or a bad value and what was expected.
  func resolve(_ parameters: FeedParameters) throws(FeedError) -> [String: String] {
    let known = rules.map(\.name)
    for name in parameters.keys.sorted() where !known.contains(name) {
      let list = known.isEmpty ? "none" : known.joined(separator: ", ")
      throw FeedError("\(feed): unknown parameter '\(TextEscaping.echoed(name))' (known: \(list))")
    }
    var values: [String: String] = [:]
    for rule in rules {
      guard let value = parameters[rule.name] ?? rule.defaultValue else { continue }
      guard rule.isValid(value) else {
        throw FeedError(
          "\(feed): parameter \(rule.name)='\(TextEscaping.echoed(value))' is not \(rule.expected)")
      }
      values[rule.name] = value
    }
    return values
  }

  /// Whether `value` is a user name the backend's URLs can carry: letters, digits, `.`, `_`, `-`.
  static func isUserName(_ value: String) -> Bool {
    !value.isEmpty && value.count <= 64
      && value.unicodeScalars.allSatisfy { scalar in
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
          || scalar == "." || scalar == "_" || scalar == "-"
      }
  }

  /// Whether `value` is a whole number in `range`.
  static func isNumber(_ value: String, in range: ClosedRange<Int>) -> Bool {
    Int(value).map(range.contains) ?? false
  }
}
