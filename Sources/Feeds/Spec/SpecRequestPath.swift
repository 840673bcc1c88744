import TableFlow

/// Builds a request's path from its template with ``RequestPath``: the spec's literal text as
/// written, every filled-in value percent-encoded as segment text, so a value from a parameter
/// or a record stays inside its segment and the request stays below the base URL.
enum SpecRequestPath {
  static func path(_ template: SpecTemplate, scope: SpecScope) -> RequestPath? {
    var path = RequestPath(encoded: "")
    for part in template.parts {
      switch part {
      case .literal(let text): path = path.appending(literal: text)
      case .expression(let expression):
        let single = SpecTemplate.single(expression)
        guard let value = single.renderIfPossible(scope) else { return nil }
        // A whole segment that is `.` or `..` is encoded as one (`%2E`), as `RequestPath` does.
        if path.encoded.hasSuffix("/") && (value == "." || value == "..") {
          path = path.appending(literal: RequestPath.encodeSegment(value))
        } else {
          path = path.appending(value: value)
        }
      }
    }
    return path
  }
}

extension SpecTemplate {
  /// A template of one expression.
  static func single(_ expression: Expression) -> SpecTemplate {
    SpecTemplate(parts: [.expression(expression)])
  }

  /// `text` as a template that writes it as it is (`${` written `$${`).
  static func escaped(_ text: String) -> String {
    var escaped = ""
    var rest = text[...]
    while let dollar = rest.firstIndex(of: "$") {
      escaped += rest[...dollar]
      rest = rest[rest.index(after: dollar)...]
      if rest.first == "{" { escaped += "$" }
    }
    return escaped + rest
  }

  private init(parts: [Part]) {
    self.parts = parts
  }
}
