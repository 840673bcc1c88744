import FixtureKit
import Foundation
import TableCore
import TableFlow

/// `tableflow redact FIXTURE…`: rewrites fixtures in place with the current redaction rules.
///
/// Each fixture is rewritten atomically (a temporary file beside it, then one rename), or left
/// alone when the rules change nothing; a symbolic link's target is rewritten (the link stays),
/// keeping the file's permissions and owner. A missing fixture, a folder, FIFO or device is
/// 66, a damaged one 65 (it is not rewritten), a write failure 74; the worst code wins and the
/// other fixtures are still done. SIGINT or SIGTERM stops at once: the fixture being rewritten
/// and those not reached yet are left as they were (130 / 143).
///
/// An `edit` intent is redacted when its field is secure: each fixture of a known feed is first
/// replayed (nothing is written) to see which edits type into secure fields; for a fixture
/// whose feed is unknown, or whose replay cannot start, the row id's name decides.
public struct RedactCommand: TableflowCommand {
  private let runner: SessionRunner

  init(runner: SessionRunner) { self.runner = runner }

  /// `redact`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "redact", summary: "Rewrites fixtures in place with the current redaction rules.",
      positionals: [.init("FIXTURE", repeatable: true, help: "recorded sessions (.jsonl.gz) to redact")],
      options: [
        .init("--redact", value: "NAME", repeatable: true, help: "also redact values named NAME")
      ],
      discussion: """
        Redacts values under secret names (password, token, secret, api_key, session, \
        authorization, cookie, …, and --redact NAME) in headers, query items, form and JSON \
        bodies and parameters, and scrubs each such value wherever it is echoed. Replay still \
        matches: incoming requests are redacted the same way before matching.
        """)
  }

  /// Redacts every fixture named, printing one line per fixture.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    let redaction = Redaction(extraNames: arguments.allValues("--redact"))
    var worst = ExitCode.success
    for path in arguments.positionals {
      guard !Task.isCancelled else {  // A signal: the fixtures not reached stay as they are.
        worst = max(worst, .interrupted)
        break
      }
      do throws(CommandFailure) {
        try InputFile.requireRegularFile(path)
      } catch {
        io.fail(error.message)
        worst = max(worst, error.code)
        continue
      }
      do {
        let secureEdits = await Self.secureEdits(of: path, runner: runner, redaction: redaction)
        let summary = try FixtureRewriter.redact(path: path, redaction: redaction, secureEdits: secureEdits) {
          Task.isCancelled
        }
        if summary.rewritten {
          let header = summary.headerChanged ? " and the header" : ""
          io.out.line(
            "\(TextEscaping.inline(path)): redacted \(summary.changedRecords) of \(summary.records) records\(header)"
          )
        } else {
          io.out.line("\(TextEscaping.inline(path)): nothing to redact in \(summary.records) records")
        }
      } catch  where error.code == .cancelled {
        io.fail(error.description)
        worst = max(worst, .interrupted)
        break
      } catch {
        io.fail(error.description)
        worst = max(worst, error.code == .io ? .ioError : .dataError)
      }
    }
    return worst
  }

  /// Whether each `edit` intent of the fixture at `path`, in order, types into a secure field,
  /// from a replay of it; `nil` when its feed is unknown or the replay cannot start.
  static func secureEdits(of path: String, runner: SessionRunner, redaction: Redaction) async -> [Bool]? {
    guard let fixture = try? ReplayTransport(path: path, options: ReplayOptions(redaction: redaction)),
      let feed = try? runner.feed(named: fixture.header.feed),
      let session = try? FeedSession(replaying: fixture, feed: feed)
    else { return nil }
    var edits: [Bool] = []
    let outcome = try? await session.run(keepsLog: false) { event, _ in
      if event.event.kind == .intentReceived, case .edit(_, _, let isSecret)? = event.event.intent {
        edits.append(isSecret)
      }
    }
    return outcome == nil ? nil : edits
  }
}
