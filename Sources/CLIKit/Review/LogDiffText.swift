import TableCore
import TableFlow

/// A golden log's unified diff as `tableflow review` prints it: `-` for the golden's lines, `+`
/// for the new log's, a few unchanged lines around each change, and every other run of
/// unchanged lines collapsed to `… N unchanged lines` — except the step headers (the intent
/// lines, `> select book-1`), which always stay, so each change is seen in its step.
///
/// Every line is escaped as error lines are (`TextEscaping.inline`): what a backend put into a
/// log cannot send the terminal an escape sequence. Colour (ANSI) is optional.
struct LogDiffText: Sendable {
  /// How many unchanged lines stay on each side of a change.
  var context = 3
  /// Whether to colour deletions red, insertions green, step headers bold and collapsed runs dim.
  var colour = false

  /// The diff of `diff`'s two texts, one line each, ending in a newline; empty when they agree.
  func render(_ diff: LineDiff) -> String {
    let edits = diff.edits
    var keep = [Bool](repeating: false, count: edits.count)
    for (index, edit) in edits.enumerated() {
      switch edit {
      case .same(let old, _):
        if diff.old[old].hasPrefix("> ") { keep[index] = true }
      case .deleted, .inserted:
        for near in max(0, index - context)...min(edits.count - 1, index + context) { keep[near] = true }
      }
    }
    var output = ""
    var hidden: [Substring] = []
    func flushHidden() {
      // Collapsing a single line would not save one.
      if hidden.count == 1 {
        output += paint("  " + TextEscaping.inline(String(hidden[0])) + "\n", .plain)
      } else if hidden.count > 1 {
        output += paint("  … \(hidden.count) unchanged lines\n", .dim)
      }
      hidden.removeAll()
    }
    for (index, edit) in edits.enumerated() {
      switch edit {
      case .same(let old, _):
        let line = diff.old[old]
        guard keep[index] else {
          hidden.append(line)
          continue
        }
        flushHidden()
        output += paint(
          "  " + TextEscaping.inline(String(line)) + "\n", line.hasPrefix("> ") ? .bold : .plain)
      case .deleted(let old):
        flushHidden()
        output += paint("- " + TextEscaping.inline(String(diff.old[old])) + "\n", .red)
      case .inserted(let new):
        flushHidden()
        output += paint("+ " + TextEscaping.inline(String(diff.new[new])) + "\n", .green)
      }
    }
    flushHidden()
    return diff.isEmpty ? "" : output
  }

  private enum Paint: String {
    case plain = ""
    case red = "\u{1B}[31m"
    case green = "\u{1B}[32m"
    case bold = "\u{1B}[1m"
    case dim = "\u{1B}[2m"
  }

  private func paint(_ line: String, _ paint: Paint) -> String {
    guard colour, paint != .plain else { return line }
    return paint.rawValue + line.dropLast() + "\u{1B}[0m\n"
  }
}
