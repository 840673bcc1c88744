import Testing

@testable import CLIKit

@Suite("tableflow command line")
struct TableflowCommandTests {
  @Test("--version prints the version on stdout and exits 0")
  func version() throws {
    let outcome = try CLIProcess.run(["--version"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "tableflow \(Tableflow.version)\n")
    #expect(outcome.stderr.isEmpty)
  }

  @Test("--help lists every command and the exit codes")
  func help() throws {
    let outcome = try CLIProcess.run(["--help"])
    #expect(outcome.status == 0)
    for command in Tableflow.commands {
      #expect(outcome.stdout.contains(command.spec.name))
    }
    #expect(outcome.stdout.contains("64 usage"))
  }

  @Test("an unknown command is a usage error: one line on stderr, exit 64")
  func unknownCommand() throws {
    let outcome = try CLIProcess.run(["frobnicate"])
    #expect(outcome.status == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("tableflow: unknown command 'frobnicate'"))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("the worst exit code orders by severity")
  func severity() {
    #expect(max(ExitCode.success, .goldenMismatch, .dataError) == .dataError)
    #expect(ExitCode.unavailable > ExitCode.dataError)
  }
}
