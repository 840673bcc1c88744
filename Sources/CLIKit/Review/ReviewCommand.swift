import Foundation
import TableCore
import TableFlowViewer

/// `tableflow review [DIR] [--accept|--reject] [--filter PATTERN]`: goes through the failing
/// goldens under a folder — the `NAME.log.new` files `verify --update` wrote — and accepts
/// (moves the `.new` file over the golden) or rejects (deletes it) each one.
///
/// On a terminal it shows each in turn with a unified diff and asks: `a`ccept, `r`eject,
/// `s`kip, `A`/`R` for this one and all that remain, `q` to quit (see `ReviewStateMachine`).
/// Without a terminal it asks nobody: `--accept` or `--reject` decide for every golden that
/// `--filter` keeps (all, without one), and without either it says what to run and exits 64.
/// Nothing is accepted unless a key or a flag asked for it.
public struct ReviewCommand: TableflowCommand {
  private let keys: @Sendable () -> (any ReviewKeys)?

  /// A review that reads its keys from `keys` (by default, the terminal on standard input).
  init(keys: @escaping @Sendable () -> (any ReviewKeys)? = { TerminalKeys() }) {
    self.keys = keys
  }

  /// `review`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "review", summary: "Accepts or rejects failing goldens (the .new logs 'verify --update' writes).",
      positionals: [.init("DIR", required: false, help: "folder to search (default: Fixtures)")],
      options: [
        .init(
          "--filter", value: "PATTERN",
          help: "only goldens whose path matches: a glob (*, ?, [...]) or, without wildcards, a substring")
      ],
      flags: [
        .init("--accept", help: "without asking: move each NAME.log.new over NAME.log"),
        .init("--reject", help: "without asking: delete each NAME.log.new"),
      ],
      discussion: """
        On a terminal each failing golden is shown as a diff (- golden, + new; step headers kept, \
        unchanged lines collapsed) and you press a (accept), r (reject), s (skip), A or R (this \
        one and all remaining), q (quit). Elsewhere give --accept or --reject. PATTERN is matched \
        against the golden's path as listed, e.g. 'Fixtures/books/*.log' or 'books/list'; a \
        PATTERN that matches nothing is an error (exit 1). Accepting renames the .new file over \
        the golden in one step; a golden or .new file that is a link or not a regular file is \
        left alone (exit 74).
        """)
  }

  /// Reviews the failing goldens under the folder.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    let accept = arguments.has("--accept")
    let reject = arguments.has("--reject")
    guard !(accept && reject) else {
      io.fail("give --accept or --reject, not both")
      return .usage
    }
    let given = arguments.positional(0) ?? "Fixtures"
    let folder = URL(fileURLWithPath: given)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      io.fail("\(folder.path): no such folder")
      return .noInput
    }
    let filter = arguments.value("--filter").map(PathFilter.init)
    let items = ReviewItem.all(under: folder, as: given, filter: filter)
    if let filter, items.isEmpty {
      let all = ReviewItem.all(under: folder, as: given, filter: nil).count
      io.fail(
        "warning: --filter '\(TextEscaping.echoed(filter.pattern))' matches none of the \(all) failing "
          + "goldens under \(given); nothing was accepted or rejected")
      return .goldenMismatch
    }
    if accept || reject {
      return decide(items, accept: accept, io: io)
    }
    let command = "\(io.tool.name) review \(VerifyReport.shellQuoted(given))"
    guard io.isInteractive, let keys = keys() else {
      io.fail(
        "review asks on a terminal, and this is none (\(items.count) failing goldens under \(given)); "
          + "to decide without asking run '\(command) --accept' or '\(command) --reject' (with --filter PATTERN)"
      )
      return .usage
    }
    defer { keys.close() }
    let colour = (io.environment["NO_COLOR"] ?? "").isEmpty && io.environment["TERM"] != "dumb"
    return await review(items, keys: keys, colour: colour, io: io)
  }

  /// `--accept` or `--reject`: every item, no questions.
  private func decide(_ items: [ReviewItem], accept: Bool, io: CommandIO) -> ExitCode {
    var tally = ReviewTally()
    for item in items {
      perform(accept ? .accept(0) : .reject(0), on: item, tally: &tally, io: io)
    }
    io.out.line(tally.summary)
    return tally.worst
  }

  /// Carries out one decision on `item`, printing what became of it.
  func perform(
    _ action: ReviewStateMachine.Action, on item: ReviewItem, tally: inout ReviewTally, io: CommandIO
  ) {
    do throws(CommandFailure) {
      switch action {
      case .accept:
        try GoldenDecision.accept(item)
        tally.accepted += 1
        io.out.line("accepted \(TextEscaping.inline(item.golden))")
      case .reject:
        try GoldenDecision.reject(item)
        tally.rejected += 1
        io.out.line("rejected \(TextEscaping.inline(item.golden)) (deleted \(TextEscaping.inline(item.new)))")
      case .skip:
        tally.skipped += 1
        io.out.line("skipped \(TextEscaping.inline(item.golden))")
      case .show, .explainKeys, .finish:
        break
      }
    } catch {
      tally.failed += 1
      tally.worst = max(tally.worst, error.code)
      io.fail(error.message)
    }
  }
}
