import Foundation
import TestSupport
import Testing

/// `run --max-session-bytes`: a live session stops growing once its answers together pass the
/// cap (issue 17 item 9).
@Suite("tableflow run --max-session-bytes", .serialized)
struct SessionBytesCommandTests {
  @Test("answers past the session cap fail with an error row and exit 69; a bad value is 64")
  func sessionCap() throws {
    let server = try SecretsCommandTests.server()
    defer { server.stop() }
    let folder = try SecretsCommandTests.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let intents = folder.appendingPathComponent("refreshes.intents")
    try "load\nrefresh\nrefresh\nrefresh\n".write(to: intents, atomically: true, encoding: .utf8)
    let base = server.baseURL.absoluteString + "/echo"
    let run = try CLIProcess.run([
      "run", "profile", "--live", base, "--intents", intents.path, "--max-session-bytes", "1500",
    ])
    #expect(run.status == 69, "\(run.stderr)")
    #expect(run.stderr.contains("--max-session-bytes"))
    #expect(run.stdout.contains("tableflow.error"))
    let bad = try CLIProcess.run(["run", "profile", "--live", base, "--max-session-bytes", "0"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--max-session-bytes expects a positive number of bytes"))
  }
}
