import Foundation

/// A template of a spec, compiled once when the spec loads: literal text and `${…}`
/// expressions, each a list of alternatives (`${item.id ?? item.alt ?? 'none'}`: the first
/// that is present and not `null`) and filters (`${item.author | join('、')}`,
/// `${item.price | number(2, ',')}`, `${item.published | date('yyyy-MM-dd')}`, `${item.tags | count}`).
/// `$${` writes a literal `${`. Filter names and their arguments (number separators, date
/// patterns and offsets) are checked when the spec loads.
struct SpecTemplate: Hashable, Sendable {
  enum Part: Hashable, Sendable {
    case literal(String)
    case expression(Expression)
  }

  struct Expression: Hashable, Sendable {
    var alternatives: [Alternative]
    var filters: [Filter]
  }

  enum Alternative: Hashable, Sendable {
    case path(SpecPath)
    case literal(String)
  }

  enum Filter: Hashable, Sendable {
    /// An array's elements as text, joined with the separator (a string stays as it is).
    case join(String)
    /// A number with a fixed count of fraction digits and fixed separators.
    case number(SpecNumberFormat)
    /// A date (RFC 3339 text or seconds since 1970) in a fixed pattern and offset.
    case date(SpecDateFormat)
    /// The number of elements of an array (or members of an object, characters of a string).
    case count
  }

  /// The parts, in order.
  var parts: [Part]

  /// The paths the template reads, in order.
  var paths: [SpecPath] {
    parts.flatMap { part -> [SpecPath] in
      guard case .expression(let expression) = part else { return [] }
      return expression.alternatives.compactMap { if case .path(let path) = $0 { path } else { nil } }
    }
  }

  /// The template's text when it has no expressions.
  var constant: String? {
    var text = ""
    for part in parts {
      guard case .literal(let literal) = part else { return nil }
      text += literal
    }
    return text
  }

  /// Compiles `text`, allowing only variables under `roots`.
  /// - Throws: the cause of the first problem.
  /// - Complexity: O(n) in the text's length; never recursive.
  init(_ text: String, roots: Set<SpecPath.Root>) throws(SpecTemplateError) {
    parts = []
    var literal = ""
    var rest = text[...]
    while let dollar = rest.firstIndex(of: "$") {
      literal += rest[..<dollar]
      let after = rest[rest.index(after: dollar)...]
      if after.hasPrefix("${") {
        literal += "${"
        rest = after.dropFirst(2)
        continue
      }
      guard after.first == "{" else {
        literal += "$"
        rest = after
        continue
      }
      guard let close = Self.closingBrace(in: after.dropFirst()) else {
        throw SpecTemplateError("unterminated '${' in '\(text.prefix(60))'")
      }
      if !literal.isEmpty { parts.append(.literal(literal)) }
      literal = ""
      parts.append(
        .expression(try Self.expression(after[after.index(after: after.startIndex)..<close], roots: roots)))
      rest = after[after.index(after: close)...]
      guard parts.count <= 256 else { throw SpecTemplateError("more than 256 parts in one template") }
    }
    literal += rest
    if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
  }

  /// The `}` that closes an expression, skipping quoted text.
  private static func closingBrace(in text: Substring) -> Substring.Index? {
    var quoted = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "'" { quoted.toggle() } else if character == "}" && !quoted { return index }
      index = text.index(after: index)
    }
    return nil
  }

  private static func expression(
    _ text: Substring, roots: Set<SpecPath.Root>
  ) throws(SpecTemplateError) -> Expression {
    let pieces = split(text, on: "|")
    guard let head = pieces.first else { throw SpecTemplateError("empty '${}'") }
    var alternatives: [Alternative] = []
    for alternative in split(head, on: "?") where !alternative.isEmpty || alternatives.isEmpty {
      let trimmed = alternative.trimmingCharacters(in: .whitespaces)
      if let literal = quoted(trimmed) {
        alternatives.append(.literal(literal))
      } else if trimmed.isEmpty {
        throw SpecTemplateError("empty alternative in '${\(text)}'")
      } else {
        alternatives.append(.path(try SpecPath.parse(trimmed[...], roots: roots)))
      }
    }
    var filters: [Filter] = []
    for piece in pieces.dropFirst() {
      filters.append(try filter(piece.trimmingCharacters(in: .whitespaces)))
    }
    return Expression(alternatives: alternatives, filters: filters)
  }

  /// `text` cut at each `separator` outside quotes; `??` counts as one separator (the empty
  /// piece between the two `?` is dropped by the caller).
  private static func split(_ text: Substring, on separator: Character) -> [Substring] {
    var pieces: [Substring] = []
    var quotedText = false
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "'" {
        quotedText.toggle()
      } else if character == separator && !quotedText {
        pieces.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    pieces.append(text[start...])
    return pieces
  }

  /// The text inside single quotes, or `nil` when `text` is not quoted.
  static func quoted(_ text: String) -> String? {
    guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
    return String(text.dropFirst().dropLast())
  }

  /// A filter's arguments, cut at commas outside quotes and trimmed; none for no parentheses.
  private static func arguments(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    return split(text[...], on: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private static func filter(_ text: String) throws(SpecTemplateError) -> Filter {
    let name = text.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
    var argument: String?
    if let open = text.firstIndex(of: "(") {
      guard text.hasSuffix(")") else { throw SpecTemplateError("expected ')' after filter '\(name)'") }
      argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        .trimmingCharacters(in: .whitespaces)
    }
    switch name {
    case "join":
      guard let separator = argument.flatMap(quoted) else {
        throw SpecTemplateError("join expects a quoted separator: join('、')")
      }
      return .join(separator)
    case "number":
      return .number(try SpecNumberFormat(arguments: arguments(argument)))
    case "date":
      return .date(try SpecDateFormat(arguments: arguments(argument)))
    case "count":
      return .count
    default:
      throw SpecTemplateError("unknown filter '\(name)' (known: join, number, date, count)")
    }
  }
}
