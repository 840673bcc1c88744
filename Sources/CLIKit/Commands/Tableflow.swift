import TableCore

/// The `tableflow` command line: dispatches to subcommands, prints help and version.
public enum Tableflow {
  /// The tool's version, printed by `--version` and written into recorded fixtures.
  public static let version = "0.1.0"

  /// The subcommands in the order `--help` lists them.
  public static let commands: [any TableflowCommand] = {
    let runner = SessionRunner(feeds: builtinFeeds)
    let replay = ReplayCommand(runner: runner)
    return [
      RunCommand(runner: runner), replay, VerifyCommand(replayer: replay), ViewCommand(replayer: replay),
      DiffCommand(), InspectCommand(), FeedsCommand(feeds: builtinFeeds),
    ]
  }()

  /// The top-level help.
  public static var helpText: String {
    var lines = [
      "tableflow \(version): data-driven table screens, headless and deterministic.",
      "Turns backend JSON into table snapshots and the staged, UIKit-safe changes between",
      "them; records sessions into fixtures, replays them byte for byte, and checks their",
      "snapshot logs against golden files.",
      "",
      "usage: tableflow [COMMAND] [OPTIONS]",
      "       tableflow            replays the books session bundled into this binary (from any",
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
      "Run 'tableflow COMMAND --help' for a command's options.",
      "Exit codes: 0 ok, 1 golden mismatch, 64 usage, 65 bad data, 66 missing file,",
      "69 service unavailable, 70 internal error, 74 I/O error.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the command line `arguments` (without the program name).
  /// - Returns: the exit code to end the process with.
  public static func main(_ arguments: [String], io: CommandIO) async -> ExitCode {
    guard let first = arguments.first else {
      return await runDefault(io: io)
    }
    switch first {
    case "-h", "--help", "help":
      io.out.write(helpText)
      return .success
    case "--version":
      io.out.line("tableflow \(version)")
      return .success
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      let names = commands.map(\.spec.name).joined(separator: ", ")
      io.fail(
        "unknown command '\(TextEscaping.echoed(first))'; expected one of: \(names) (see 'tableflow --help')")
      return .usage
    }
    let parsed: ParsedArguments
    do {
      parsed = try command.spec.parse(Array(arguments.dropFirst()))
    } catch {
      io.fail(error.message)
      return .usage
    }
    if parsed.wantsHelp {
      io.out.write(command.spec.helpText)
      return .success
    }
    return await command.run(parsed, io: io)
  }

  /// Replays the books session bundled into the binary (see ``EmbeddedSession``).
  private static func runDefault(io: CommandIO) async -> ExitCode {
    let replay = ReplayCommand(runner: SessionRunner(feeds: builtinFeeds))
    do {
      return try await replay.replay(try EmbeddedSession.transport(), sink: io.out, io: io)
    } catch {
      io.fail(error.message)
      return error.code
    }
  }
}
