/// One `tableflow` subcommand: its spec (arguments and help) and what it does.
public protocol TableflowCommand: Sendable {
  /// The arguments the command accepts; also its `--help`.
  var spec: CommandSpec { get }

  /// Runs the command with parsed arguments.
  ///
  /// Writes the log (or other result) to `io.out` and one line per error to `io.err`.
  /// - Returns: the exit code, for `run` and `replay` the worst failure seen.
  func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode
}
