import TableCore
import TableFlow

/// What `tableflow verify --html` shows: every fixture's verdict and, for a failure, the golden
/// and the new log step by step, with the golden's table (read back from its text by
/// ``LoggedTableReader``) and the new one drawn side by side.
package struct VerifyReport {
  /// A fixture's verdict.
  package enum Verdict: String, Sendable {
    /// The log matched its golden and the session ended as expected.
    case pass
    /// The log differs from the golden, or the session ended otherwise than expected.
    case fail
    /// A fixture without a golden log, or a golden log without a fixture.
    case orphan
  }

  /// One fixture (or lone golden) of the run.
  package struct Entry: Sendable {
    /// The fixture's path (a lone golden's, for a golden without a fixture).
    package var path: String
    package var verdict: Verdict
    /// Why it failed, in one line.
    package var note: String?
    /// The shell command that accepts the new log, for a failure with a log to accept.
    package var accept: String?
    package var goldenPath = ""
    package var golden = ""
    package var new = ""
    /// The new session, when it was replayed.
    package var page: SessionPage?

    /// An entry with nothing drawn yet.
    package init(path: String, verdict: Verdict, note: String? = nil, accept: String? = nil) {
      self.path = path
      self.verdict = verdict
      self.note = note
      self.accept = accept
    }
  }

  /// What every entry's accept command needs to know about the run.
  package struct Context: Sendable {
    /// The folder as given to `verify`.
    package var folder: String
    /// Whether `--update` wrote the `.new` files.
    package var updated: Bool
    /// The program's name, which the accept command runs.
    package var toolName = "tableflow"

    /// The context of a `verify` run of `folder`.
    package init(folder: String, updated: Bool, toolName: String = "tableflow") {
      self.folder = folder
      self.updated = updated
      self.toolName = toolName
    }

    /// The command that accepts a fixture's new log: moving the `.new` file `--update` wrote
    /// over the golden (preceded by that `--update` run when this one was not).
    package func acceptCommand(golden: String) -> String {
      let move = "mv \(VerifyReport.shellQuoted(golden + ".new")) \(VerifyReport.shellQuoted(golden))"
      return updated ? move : "\(toolName) verify \(VerifyReport.shellQuoted(folder)) --update && " + move
    }
  }

  package var title: String
  /// The program that wrote the page, `NAME VERSION`.
  package var generator = PageTemplate.defaultGenerator
  package var entries: [Entry] = []

  /// An empty page.
  package init(title: String, generator: String = PageTemplate.defaultGenerator) {
    self.title = title
    self.generator = generator
  }

  /// The page as one self-contained HTML file.
  package func html() -> String {
    var pool = PageData()
    var counts: [Verdict: Int] = [:]
    let fixtures: [JSONValue] = entries.map { entry in
      counts[entry.verdict, default: 0] += 1
      let golden = Self.blocks(of: entry.golden)
      let new = Self.blocks(of: entry.new)
      // The golden's tables, read back from its text, drawn beside the new ones.
      let goldenTables = entry.verdict == .pass ? [] : LoggedTableReader.tables(of: golden)
      var blocks: [JSONValue] = []
      for index in 0..<max(golden.count, new.count) {
        let left = index < golden.count ? golden[index] : (title: "", text: "")
        let right = index < new.count ? new[index] : (title: "", text: "")
        let goldenTable = index < goldenTables.count ? goldenTables[index] : nil
        var object: [String: JSONValue] = [
          "title": .string(right.title.isEmpty ? left.title : right.title), "golden": .string(left.text),
          "new": .string(right.text), "differs": .bool(left.text != right.text),
          "goldenSections": goldenTable.map { pool.sections($0) } ?? .null,
        ]
        if left.text != right.text {
          // The lines to mark, from the library's one line diff of a log and its golden.
          let lines = LineDiff(old: left.text, new: right.text)
          var deleted: [JSONValue] = []
          var inserted: [JSONValue] = []
          for edit in lines.edits {
            switch edit {
            case .same: break
            case .deleted(let old): deleted.append(.integer(old))
            case .inserted(let new): inserted.append(.integer(new))
            }
          }
          (object["goldenChanged"], object["newChanged"]) = (.array(deleted), .array(inserted))
        }
        blocks.append(.object(object))
      }
      let firstDifference = Self.firstDifferingBlock(golden: entry.golden, new: entry.new, in: golden, new)
      // Passing fixtures list no steps: the page stays small however large the corpus.
      let shown = entry.verdict == .pass ? [] : blocks
      return .object([
        "path": .string(entry.path), "verdict": .string(entry.verdict.rawValue),
        "note": entry.note.map(JSONValue.string) ?? .null,
        "accept": entry.accept.map(JSONValue.string) ?? .null,
        "golden": .string(entry.goldenPath), "blocks": .array(shown),
        "firstDiff": firstDifference.map(JSONValue.integer) ?? .null,
        "steps": .array(entry.verdict == .pass ? [] : (entry.page?.steps ?? []).map { pool.step($0) }),
      ])
    }
    let data = JSONValue.object([
      "mode": .string("report"), "title": .string(title), "rows": .array(pool.rows),
      "counts": .object([
        "passed": .integer(counts[.pass] ?? 0), "failed": .integer(counts[.fail] ?? 0),
        "orphaned": .integer(counts[.orphan] ?? 0),
      ]),
      "fixtures": .array(fixtures),
    ])
    return PageTemplate.document(title: title, data: data, generator: generator)
  }

  /// A text log cut into steps: each block runs up to and including one snapshot (its summary
  /// line, `books v2: …` or `back to books v3 …`, and the indented lines after it); lines after
  /// the last snapshot form a final block.
  package static func blocks(of log: String) -> [(title: String, text: String)] {
    var blocks: [(title: String, text: String)] = []
    var lines: [Substring] = []
    var title: String?
    for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
      let indented = line.first == " "
      if let done = title, !indented {
        blocks.append((done, lines.map { $0 + "\n" }.joined()))
        lines = []
        title = nil
      }
      lines.append(line)
      if !indented && isSnapshotLine(line) { title = String(line) }
    }
    if !lines.isEmpty {
      blocks.append((title ?? "after the last snapshot", lines.map { $0 + "\n" }.joined()))
    }
    return blocks
  }

  /// The block holding the first line where `new` differs from `golden`, as the library's one
  /// golden comparison (`GoldenLogDifference`) finds it, so the page focuses the step the
  /// failure message names; `nil` when the logs agree.
  static func firstDifferingBlock(
    golden: String, new: String, in goldenBlocks: [(title: String, text: String)],
    _ newBlocks: [(title: String, text: String)]
  ) -> Int? {
    guard let difference = GoldenLogDifference(expected: golden, actual: new) else { return nil }
    // Blocks hold the log's lines in order (empty lines left out); find the one holding the
    // line on the side that has it.
    let line = difference.line
    let (text, blocks) = difference.expected != nil ? (golden, goldenBlocks) : (new, newBlocks)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(line)
    let nonEmptyBefore = lines.filter { !$0.isEmpty }.count
    var seen = 0
    for (index, block) in blocks.enumerated() {
      seen += block.text.split(separator: "\n").count
      if seen >= nonEmptyBefore { return index }
    }
    return blocks.isEmpty ? nil : blocks.count - 1
  }

  /// Whether a text log line opens a snapshot: `SCREEN vN: …` or `back to SCREEN vN …`.
  package static func isSnapshotLine(_ line: Substring) -> Bool {
    if line.hasPrefix("back to ") { return true }
    for prefix in ["> ", "error ", "push ", "open ", "GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD "]
    where line.hasPrefix(prefix) {
      return false
    }
    guard let colon = line.firstIndex(of: ":"), let space = line[..<colon].lastIndex(of: " ") else {
      return false
    }
    let version = line[line.index(after: space)..<colon]
    return version.first == "v" && version.count > 1 && version.dropFirst().allSatisfy(\.isNumber)
  }

  /// `'path'`, quoted for a POSIX shell.
  package static func shellQuoted(_ path: String) -> String {
    let safe = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@".contains($0) }
    return safe
      ? path
      : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
