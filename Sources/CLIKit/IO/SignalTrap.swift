import Dispatch
import Foundation
import TableFlow

/// How the `tableflow` process meets signals: SIGINT and SIGTERM cancel the running command,
/// which finishes its log line, keeps a recording's `.partial` and exits 130 or 143; SIGPIPE is
/// ignored, so a closed pipe (`tableflow run … | head`) only makes later output vanish while
/// the session, and any recording, runs to its end.
///
/// A second SIGINT or SIGTERM ends the process at once. When `run` returns, SIGINT and SIGTERM
/// are handled as they were before it; SIGPIPE stays ignored.
public enum SignalTrap {
  private static let state = Locked<ExitCode?>(nil)

  /// The exit code of the first SIGINT (130) or SIGTERM (143) received, if any.
  public static var received: ExitCode? { state.withLock { $0 } }

  /// Runs `body` with the signals trapped as described above.
  /// - Parameters:
  ///   - err: where the one line naming the signal goes.
  ///   - program: the program's name, which starts that line.
  ///   - body: the command; it is cancelled on the first SIGINT or SIGTERM.
  /// - Returns: `body`'s code, or 130/143 when a signal cancelled it.
  public static func run(
    err: any OutputSink, name program: String = "tableflow", _ body: @escaping @Sendable () async -> ExitCode
  ) async -> ExitCode {
    signal(SIGPIPE, SIG_IGN)
    let task = Task { await body() }
    let traps = [(SIGINT, ExitCode.interrupted, "SIGINT"), (SIGTERM, ExitCode.terminated, "SIGTERM")]
      .map { number, code, name in
        // Dispatch delivers the signal on a queue; the default action must be off first.
        let previous = signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
          let first = state.withLock { received in
            guard received == nil else { return false }
            received = code
            return true
          }
          guard first else { _exit(code.rawValue) }
          err.line("\(program): interrupted by \(name); stopping (send it again to stop at once)")
          task.cancel()
        }
        source.resume()
        return (source, number, previous)
      }
    let code = await task.value
    // A program that goes on after the command (or runs another) gets its own handling back.
    for (source, number, previous) in traps {
      source.cancel()
      signal(number, previous)
    }
    return received.map { max($0, code) } ?? code
  }
}
