import Feeds
import Foundation
import TableFlow

/// `tableflow spec check SPEC [FIXTURE…]` and `tableflow spec init SAMPLE.json`: tools for
/// writing spec feeds.
public struct SpecCommand: TableflowCommand {
  init() {}

  /// `spec`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "spec", summary: "Checks a spec feed (against fixtures too) or drafts one from a sample.",
      positionals: [
        .init("check|init", help: "check SPEC [FIXTURE…], or init SAMPLE.json"),
        .init("FILE", repeatable: true, help: "the spec and fixtures to check, or the sample answer"),
      ],
      options: [
        .init("--name", value: "NAME", help: "init: the feed's name (default: the sample's file name)"),
        .init("--path", value: "PATH", help: "init: the request path (default /PATH/TO/ITEMS)"),
      ],
      discussion: """
        check loads the spec (every problem one line, exit 65) and, for each fixture, replays it \
        through the spec and reports which prototypes made rows, which matched nothing and which \
        records became placeholder rows (exit 1 when any did).
        init prints a spec drafted from one sample answer: the largest array of objects is the \
        records, an id-like member the identity, the scalar members the fields.
        """)
  }

  /// Runs `check` or `init`.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    do throws(CommandFailure) {
      switch arguments.positional(0) {
      case "check": return try await check(Array(arguments.positionals.dropFirst()), io: io)
      case "init": return try draft(arguments, io: io)
      default:
        throw CommandFailure(.usage, "spec expects check or init (got '\(arguments.positional(0) ?? "")')")
      }
    } catch {
      io.fail(error.message)
      return error.code
    }
  }

  private func check(_ files: [String], io: CommandIO) async throws(CommandFailure) -> ExitCode {
    guard let path = files.first else { throw CommandFailure(.usage, "spec check expects SPEC [FIXTURE…]") }
    let feed = try SpecFeedLoading.load(path, io: io)
    io.out.line("\(path): ok, feed \(feed.name), screens \(feed.screenNames.joined(separator: ", "))")
    guard files.count > 1 else { return .success }
    var coverage = SpecCoverage(feed: feed)
    var worst = ExitCode.success
    for fixture in files.dropFirst() {
      let transport = try SessionRunner.loadFixture(fixture)
      let session: FeedSession
      do {
        session = try FeedSession(replaying: transport, feed: feed)
      } catch {
        throw CommandFailure(.dataError, error.description)
      }
      do {
        let outcome = try await session.run(keepsLog: false) { event, _ in
          guard let update = event.event.presentedUpdate else { return }
          coverage.add(update.snapshot, screen: update.screen.name)
        }
        if let failure = outcome.worstFailure { io.fail("\(fixture): \(failure)") }
      } catch {
        throw CommandFailure(.usage, "\(fixture): \(error.message)")
      }
    }
    for line in coverage.lines { io.out.line(line) }
    if coverage.hasFindings { worst = .goldenMismatch }
    return worst
  }

  private func draft(_ arguments: ParsedArguments, io: CommandIO) throws(CommandFailure) -> ExitCode {
    guard let sample = arguments.positional(1), arguments.positionals.count == 2 else {
      throw CommandFailure(.usage, "spec init expects one SAMPLE.json")
    }
    try InputFile.requireRegularFile(sample)
    guard let data = FileManager.default.contents(atPath: sample) else {
      throw CommandFailure(.noInput, "\(sample): no such sample file")
    }
    let base = URL(fileURLWithPath: sample).deletingPathExtension().lastPathComponent
    let name =
      arguments.value("--name")
      ?? String(base.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    do {
      let text = try SpecDraft.spec(
        fromSample: [UInt8](data), name: name.isEmpty ? "draft" : name,
        path: arguments.value("--path") ?? "/PATH/TO/ITEMS")
      io.out.write(text)
      return .success
    } catch {
      throw CommandFailure(.dataError, "\(sample): invalid JSON: \(error)")
    }
  }
}
