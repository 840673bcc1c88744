import TableCore

/// What `tableflow drift` prints: per fixture, each request's findings, then one summary; as
/// text for people or, with `--json`, one JSON object a line (sorted keys) for CI.
///
/// Every backend-derived string (paths, keys, values, request lines) is escaped: in text as
/// error lines are (`TextEscaping.inline`), in JSON by its string escapes.
struct DriftReport {
  /// Whether to write JSON lines.
  let json: Bool
  let out: any OutputSink
  private(set) var fixtures = 0
  private(set) var requests = 0
  private(set) var skipped = 0
  private(set) var counts: [DriftFinding.Severity: Int] = [:]

  init(json: Bool, out: any OutputSink) {
    self.json = json
    self.out = out
  }

  /// Starts a fixture's part.
  mutating func begin(fixture: String, recorded: String?) {
    fixtures += 1
    guard !json else { return }
    let date = recorded.map { " (recorded \(TextEscaping.inline($0)))" } ?? ""
    out.line("\(TextEscaping.inline(fixture))\(date)")
  }

  /// A finding about the fixture itself (its age).
  mutating func add(_ finding: DriftFinding, fixture: String) {
    counts[finding.severity, default: 0] += 1
    if json {
      out.line(Self.object(finding, fixture: fixture, request: nil).text)
    } else {
      out.line("  " + Self.label(finding.severity) + TextEscaping.inline(finding.text))
    }
  }

  /// One request's findings (none: the same shape).
  mutating func add(_ findings: [DriftFinding], fixture: String, request: String) {
    requests += 1
    for finding in findings { counts[finding.severity, default: 0] += 1 }
    if json {
      for finding in findings { out.line(Self.object(finding, fixture: fixture, request: request).text) }
      return
    }
    guard !findings.isEmpty else {
      out.line("  \(TextEscaping.inline(request)): same shape")
      return
    }
    out.line("  \(TextEscaping.inline(request)):")
    for finding in findings {
      out.line("    " + Self.label(finding.severity) + TextEscaping.inline(finding.text))
    }
  }

  /// A request not sent, and why.
  mutating func skip(fixture: String, request: String, reason: String) {
    skipped += 1
    if json {
      out.line(
        JSONValue.object([
          "fixture": .string(fixture), "request": .string(request), "kind": .string("skipped"),
          "reason": .string(reason),
        ]).text)
    } else {
      out.line("  \(TextEscaping.inline(request)): skipped: \(TextEscaping.inline(reason))")
    }
  }

  /// The last line: what was compared and found.
  func finish() {
    let errors = counts[.error] ?? 0
    let warnings = counts[.warning] ?? 0
    let infos = counts[.info] ?? 0
    if json {
      out.line(
        JSONValue.object([
          "kind": .string("summary"), "fixtures": .integer(fixtures), "requests": .integer(requests),
          "skipped": .integer(skipped), "errors": .integer(errors), "warnings": .integer(warnings),
          "infos": .integer(infos),
        ]).text)
    } else {
      let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
      out.line(
        "\(plural(fixtures, "fixture")), \(plural(requests, "request")) compared, \(skipped) skipped: "
          + "\(plural(errors, "error")), \(plural(warnings, "warning")), \(infos) info")
    }
  }

  private static func label(_ severity: DriftFinding.Severity) -> String {
    severity.rawValue + String(repeating: " ", count: 9 - severity.rawValue.count)
  }

  private static func object(_ finding: DriftFinding, fixture: String, request: String?) -> JSONValue {
    var members: [String: JSONValue] = [
      "fixture": .string(fixture), "severity": .string(finding.severity.rawValue),
      "kind": .string(finding.kind.rawValue), "message": .string(finding.text),
    ]
    if let request { members["request"] = .string(request) }
    if let path = finding.path { members["path"] = .string(path.description) }
    if let recorded = finding.recorded { members["recorded"] = .string(recorded) }
    if let live = finding.live { members["live"] = .string(live) }
    return .object(members)
  }
}
