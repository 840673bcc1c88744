import TableCore

/// The first differing region of a golden and a new log as a few lines a CI report can show:
/// a `@@ line N @@` header, up to two lines of context, the golden's lines (`-`) and the new
/// log's (`+`), each side cut after a few lines and every line after a few hundred characters.
///
/// The region runs from the first differing line to the start of the longest common ending,
/// so a changed, inserted or deleted run shows as itself.
enum ShortDiff {
  /// The short diff, or `nil` when the logs are identical.
  /// - Complexity: O(length of the logs).
  static func text(expected: String, actual: String, context: Int = 2, limit: Int = 8) -> String? {
    guard expected != actual else { return nil }
    let golden = lines(expected)
    let new = lines(actual)
    var prefix = 0
    while prefix < golden.count, prefix < new.count, golden[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < golden.count - prefix, suffix < new.count - prefix,
      golden[golden.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var lines = ["@@ line \(prefix + 1) @@"]
    for line in golden[max(0, prefix - context)..<prefix] { lines.append("  " + shown(line)) }
    if prefix == golden.count && prefix == new.count {
      lines.append("  (the logs differ only in their final line break)")
    }
    append(golden[prefix..<golden.count - suffix], marker: "-", limit: limit, to: &lines)
    append(new[prefix..<new.count - suffix], marker: "+", limit: limit, to: &lines)
    let after = golden.count - suffix
    for line in golden[after..<min(golden.count, after + context)] { lines.append("  " + shown(line)) }
    return lines.joined(separator: "\n")
  }

  /// The lines of a log, without the empty one after its final newline.
  private static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  private static func append(
    _ run: ArraySlice<Substring>, marker: String, limit: Int, to lines: inout [String]
  ) {
    for line in run.prefix(limit) { lines.append(marker + " " + shown(line)) }
    if run.count > limit { lines.append(marker + " … (\(run.count - limit) more lines)") }
  }

  /// A log line as reports show it: escaped (a golden file may hold anything) and cut.
  private static func shown(_ line: Substring) -> String { TextEscaping.echoed(line, limit: 300) }
}
