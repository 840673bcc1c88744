import TableCore

/// The JUnit XML report `verify --junit PATH` writes (and `verify --merge` writes for all the
/// shards), as GitHub Actions, GitLab, Jenkins and Buildkite read it.
///
/// One `<testsuite>` holds one `<testcase>` per session, in the sessions' sorted order: its
/// `classname` is the session's folder, its `name` the fixture's file name (a golden's, for a
/// golden without a fixture), its `time` the replay's duration in seconds. A failed session
/// has a `<failure>` whose `message` is the first cause in one line (with the first differing
/// line and step) and whose text holds every cause and a short diff of the log (`ShortDiff`);
/// a cached one says so in `<system-out>`, and unused recorded requests are listed in
/// `<system-err>`. Every string, whatever a backend or a file name held, is escaped
/// (`XMLText`, after `TextEscaping`), and the bytes depend only on the results: no timestamps
/// or host names.
struct JUnitReport {
  /// The suite's name, e.g. `tableflow verify Fixtures`.
  var name: String
  var results: [SessionResult]

  /// The report as one XML document.
  func xml() -> String {
    let failures = results.filter { $0.status == .failed }.count
    let total = results.reduce(0) { $0 + $1.durationMilliseconds }
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" "
      + "time=\"\(Self.seconds(total))\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites name=\"\(XMLText.attribute(name))\" \(counts)>",
      "  <testsuite name=\"\(XMLText.attribute(name))\" \(counts)>",
    ]
    for result in results { lines += Self.testCase(result) }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func testCase(_ result: SessionResult) -> [String] {
    let path = result.name
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let file = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let open =
      "    <testcase classname=\"\(attribute(folder))\" name=\"\(attribute(file))\" "
      + "file=\"\(attribute(path))\" time=\"\(seconds(result.durationMilliseconds))\""
    var body: [String] = []
    if result.status == .failed {
      let message = failureMessage(result)
      body.append(
        "      <failure message=\"\(attribute(message))\" type=\"exit \(result.exit.rawValue)\">"
          + XMLText.content(failureText(result)) + "</failure>")
    }
    if result.status == .cached {
      body.append("      <system-out>cached: unchanged since it last passed, not replayed</system-out>")
    }
    if !result.unusedRequests.isEmpty {
      let listed = result.unusedRequests.map { TextEscaping.echoed($0, limit: 300) }
      body.append(
        "      <system-err>"
          + XMLText.content("recorded requests the session never sent:\n" + listed.joined(separator: "\n"))
          + "</system-err>")
    }
    guard !body.isEmpty else { return [open + "/>"] }
    return [open + ">"] + body + ["    </testcase>"]
  }

  /// The first cause in one line, with where the log first differs.
  static func failureMessage(_ result: SessionResult) -> String {
    var message = result.messages.first ?? "failed (exit \(result.exit.rawValue))"
    if let difference = result.difference { message += ", in \(difference.place)" }
    return TextEscaping.echoed(message, limit: 500)
  }

  private static func failureText(_ result: SessionResult) -> String {
    var lines = result.messages.map { TextEscaping.echoed($0, limit: 500) }
    if let difference = result.difference {
      lines += [
        "first difference: line \(difference.line), in \(difference.place)",
        "  golden: " + (difference.expected ?? "<end of file>"),
        "  actual: " + (difference.actual ?? "<end of file>"),
      ].map { TextEscaping.echoed($0, limit: 500) }
    }
    if let diff = result.diff { lines += ["", diff] }
    return lines.joined(separator: "\n")
  }

  private static func attribute(_ text: String) -> String { XMLText.attribute(TextEscaping.inline(text)) }

  /// Milliseconds as seconds with three decimals, `0.012`, written without the locale.
  static func seconds(_ milliseconds: Double) -> String {
    let whole = Int(max(0, milliseconds).rounded())
    let fraction = String(whole % 1000)
    return "\(whole / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
