import Foundation
import TestSupport

/// A spec run live against a loopback server with `--intents` and `--record`, in a temporary
/// folder of its own: what the `run --spec` tests then replay and verify.
struct RecordedSpecSession {
  let folder: TemporaryDirectory
  /// The spec file's path.
  let spec: String
  /// The recorded fixture's path.
  let fixture: String
  /// What the live run printed.
  let live: CLIProcess.Outcome

  /// Writes `text` as `name` and `intents` as `session.intents`, then records the session live.
  init(spec text: String, named name: String, intents: String, server: APIServer) throws {
    folder = try TemporaryDirectory()
    spec = folder.file(name)
    fixture = folder.file("session.jsonl.gz")
    try Data(text.utf8).write(to: URL(fileURLWithPath: spec))
    let intentsFile = folder.file("session.intents")
    try Data(intents.utf8).write(to: URL(fileURLWithPath: intentsFile))
    live = try CLIProcess.run([
      "run", "--spec", spec, "--live", server.baseURL.absoluteString, "--intents", intentsFile,
      "--record", fixture,
    ])
  }

  /// Replays the fixture.
  func replay() throws -> CLIProcess.Outcome { try CLIProcess.run(["replay", fixture]) }

  /// Keeps the live log as the session's golden and verifies the folder.
  func verify() throws -> CLIProcess.Outcome {
    try Data(live.stdout.utf8).write(to: URL(fileURLWithPath: folder.file("session.log")))
    return try CLIProcess.run(["verify", folder.path])
  }

  func cleanUp() { folder.cleanUp() }
}
