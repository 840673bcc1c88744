import TableCore
import TableFlow

/// The `tableflow` command line: dispatches to subcommands, prints help and version.
///
/// A program with feeds of its own gets every command for them (run, replay, verify, view, inspect,
/// diff, feeds…), under its own name, by calling ``main(name:version:feeds:)`` from its
/// `main.swift`:
///
/// ```swift
/// import CLIKit
///
/// await Tableflow.main(name: "issues", version: "1.0.0", feeds: [IssuesFeed()])
/// ```
public enum Tableflow {
  /// TableFlow's version (`TableFlowVersion.current`): the built-in tool's `--version`.
  public static let version = TableFlowVersion.current

  /// The subcommands of the built-in `tableflow`, in the order `--help` lists them.
  public static let commands: [any TableflowCommand] = commands(feeds: [])

  /// The subcommands for `feeds` plus the built-in feeds, in the order `--help` lists them.
  public static func commands(feeds: [any Feed]) -> [any TableflowCommand] {
    let known = self.feeds(adding: feeds)
    let runner = SessionRunner(feeds: known)
    let replay = ReplayCommand(runner: runner)
    return [
      RunCommand(runner: runner), replay, VerifyCommand(replayer: replay), ReviewCommand(),
      ViewCommand(replayer: replay),
      DiffCommand(), InspectCommand(), RedactCommand(runner: runner), FeedsCommand(feeds: known),
      SpecCommand(),
    ]
  }

  /// `custom` followed by the built-in feeds whose names `custom` does not take: a program's
  /// own feed called `books` replaces the built-in one.
  public static func feeds(adding custom: [any Feed]) -> [any Feed] {
    custom + builtinFeeds.filter { builtin in !custom.contains { $0.name == builtin.name } }
  }

  /// The top-level help of the built-in `tableflow`.
  public static var helpText: String { helpText(commands: commands, tool: .tableflow) }

  static func helpText(commands: [any TableflowCommand], tool: ToolIdentity) -> String {
    let name = tool.name
    let built = tool == .tableflow ? "" : " (TableFlow \(TableFlowVersion.current))"
    let pad = String(repeating: " ", count: max(1, 21 - name.count))
    var lines = [
      "\(tool)\(built): data-driven table screens, headless and deterministic.",
      "Turns backend JSON into table snapshots and the staged, UIKit-safe changes between",
      "them; records sessions into fixtures, replays them byte for byte, and checks their",
      "snapshot logs against golden files.",
      "",
      "usage: \(name) [COMMAND] [OPTIONS]",
      "       \(name)\(pad)replays the books session bundled into this binary (from any",
      "                            folder) and prints its snapshot log",
      "",
      "commands:",
    ]
    let width = commands.map(\.spec.name.count).max() ?? 0
    for command in commands {
      let name = command.spec.name
      lines.append("  \(name)" + String(repeating: " ", count: width - name.count + 2) + command.spec.summary)
    }
    lines += [
      "",
      "Run '\(name) COMMAND --help' for a command's options.",
      "Exit codes: 0 ok, 1 golden mismatch, 64 usage, 65 bad data, 66 missing file,",
      "69 service unavailable, 70 internal error, 74 I/O error.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the process's command line with `feeds` added to the built-in ones, flushes the
  /// output, and exits with the command's code: the whole `main.swift` of a program that
  /// offers the `tableflow` commands for its own feeds, under its own name.
  ///
  /// `name` and `version` are how the program calls itself: in `--help`, `--version`, usage
  /// errors and every error line, the `tool` of the fixtures it records (`NAME VERSION`), and
  /// the pages `view` and `verify --html` write. SIGINT and SIGTERM cancel the running command
  /// as ``SignalTrap`` describes.
  public static func main(name: String, version: String, feeds: [any Feed]) async -> Never {
    var io = CommandIO.standard
    io.tool = ToolIdentity(name: name, version: version)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let code = await SignalTrap.run(err: io.err, name: name) { [io] in
      await main(arguments, feeds: feeds, io: io)
    }
    io.out.flush()
    let ending = io.finishing(code)
    io.err.flush()
    exitProcess(ending)
  }

  /// ``main(name:version:feeds:)`` for a program that calls itself `tableflow`, at TableFlow's
  /// version.
  public static func main(feeds: [any Feed]) async -> Never {
    await main(name: ToolIdentity.tableflow.name, version: ToolIdentity.tableflow.version, feeds: feeds)
  }

  /// Runs the command line `arguments` (without the program name) of the built-in tool.
  /// - Returns: the exit code to end the process with.
  public static func main(_ arguments: [String], io: CommandIO) async -> ExitCode {
    await main(arguments, feeds: [], io: io)
  }

  /// Runs the command line `arguments` (without the program name) with `feeds` added to the
  /// built-in ones, as the program `io.tool` names.
  /// - Returns: the exit code to end the process with.
  public static func main(_ arguments: [String], feeds: [any Feed], io: CommandIO) async -> ExitCode {
    let commands = feeds.isEmpty ? self.commands : commands(feeds: feeds)
    guard let first = arguments.first else {
      return await runDefault(feeds: feeds, io: io)
    }
    switch first {
    case "-h", "--help", "help":
      io.out.write(helpText(commands: commands, tool: io.tool))
      return .success
    case "--version":
      io.out.line(io.tool.description)
      return .success
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      let names = commands.map(\.spec.name).joined(separator: ", ")
      io.fail(
        "unknown command '\(TextEscaping.echoed(first))'; expected one of: \(names) (see '\(io.tool.name) --help')"
      )
      return .usage
    }
    let spec = command.spec.named(io.tool.name)
    let parsed: ParsedArguments
    do {
      parsed = try spec.parse(Array(arguments.dropFirst()))
    } catch {
      io.fail(error.message)
      return .usage
    }
    if parsed.wantsHelp {
      io.out.write(spec.helpText)
      return .success
    }
    return await command.run(parsed, io: io)
  }

  /// Replays the books session bundled into the binary (see ``EmbeddedSession``).
  private static func runDefault(feeds: [any Feed], io: CommandIO) async -> ExitCode {
    let replay = ReplayCommand(runner: SessionRunner(feeds: self.feeds(adding: feeds)))
    do {
      return try await replay.replay(try EmbeddedSession.transport(), sink: io.out, io: io)
    } catch {
      io.fail(error.message)
      return error.code
    }
  }
}
