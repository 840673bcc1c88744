import TableCore

/// A spec that cannot be run: every problem found when it was loaded, each naming the spec's
/// JSON path (`$.screens.repos.sections[0].rows[0].id`).
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One problem of a spec.
  public struct Issue: Hashable, Sendable {
    /// Where in the spec: a JSONPath from the document's root, `$` for the root itself.
    public var path: String
    /// What is wrong.
    public var cause: String

    /// Creates an issue.
    public init(path: String, cause: String) {
      self.path = path
      self.cause = cause
    }
  }

  /// The spec file, as it was named.
  public var file: String
  /// The problems, in document order (at least one).
  public var issues: [Issue]

  /// Creates an error.
  public init(file: String, issues: [Issue]) {
    self.file = file
    self.issues = issues
  }

  /// One line per issue, cause first: `unknown key 'idd' (books.tableflow.json at $.screens.books)`.
  ///
  /// Always one line each: line breaks and other control characters in a cause, the file name
  /// or a path (a key from the spec, a duplicate key's name) are escaped as `\n`, `\u0007`
  /// (`TextEscaping.inline(_:)` in TableCore, which leaves text already escaped as it is).
  public var lines: [String] {
    issues.map {
      "\(TextEscaping.inline($0.cause)) (\(TextEscaping.inline(file)) at \(TextEscaping.inline($0.path)))"
    }
  }

  /// The lines, one per issue.
  public var description: String { lines.joined(separator: "\n") }
}
