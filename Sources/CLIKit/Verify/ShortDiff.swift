import TableCore
import TableFlow

/// The first differing region of a golden and a new log as a few lines a CI report can show:
/// a `@@ line N @@` header, up to two lines of context, the golden's lines (`-`) and the new
/// log's (`+`), each side cut after a few lines and every line after a few hundred characters.
///
/// The region is the first run of changes of the library's one line diff (`LineDiff`), the
/// same that `tableflow review` shows and the review page marks.
enum ShortDiff {
  /// The short diff, or `nil` when the logs are identical.
  static func text(expected: String, actual: String, context: Int = 2, limit: Int = 8) -> String? {
    guard expected != actual else { return nil }
    let diff = LineDiff(old: expected, new: actual)
    let golden = diff.old
    guard let first = diff.edits.firstIndex(where: { if case .same = $0 { false } else { true } }) else {
      // Same lines: only the final line break differs.
      var lines = ["@@ line \(golden.count + 1) @@"]
      for line in golden.suffix(context) { lines.append("  " + shown(line)) }
      lines.append("  (the logs differ only in their final line break)")
      return lines.joined(separator: "\n")
    }
    var deleted: [Substring] = []
    var inserted: [Substring] = []
    var end = first
    while end < diff.edits.count {
      switch diff.edits[end] {
      case .same: break
      case .deleted(let old): deleted.append(golden[old])
      case .inserted(let new): inserted.append(diff.new[new])
      }
      if case .same = diff.edits[end] { break }
      end += 1
    }
    // The golden's line where the run starts: the lines the edits before it kept or deleted.
    let start = diff.edits[..<first].count
    var lines = ["@@ line \(start + 1) @@"]
    for line in golden[max(0, start - context)..<start] { lines.append("  " + shown(line)) }
    append(deleted[...], marker: "-", limit: limit, to: &lines)
    append(inserted[...], marker: "+", limit: limit, to: &lines)
    let after = start + deleted.count
    for line in golden[after..<min(golden.count, after + context)] { lines.append("  " + shown(line)) }
    return lines.joined(separator: "\n")
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
