import CLIKit
import Testing

@Suite("SignalTrap from the main actor")
struct SignalTrapCallerTests {
  @Test("run(err:_:) takes the command as a closure written in main-actor code", .timeLimit(.minutes(5)))
  func run() async {
    let err = MemorySink()
    let code = await SignalTrap.run(err: err) { ExitCode.success }
    #expect(code == .success)
    #expect(err.text.isEmpty)
  }
}
