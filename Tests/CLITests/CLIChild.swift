import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The built `tableflow` binary running as a child that a test talks to while it runs: read
/// its standard output up to a marker (the event that says it is ready), send it a signal,
/// close its standard output, then wait for it.
///
/// A watchdog kills the child (SIGKILL) after `timeout` seconds, so a regression that makes it
/// block (a FIFO opened for reading, a lost signal) fails the test instead of hanging it.
final class CLIChild {
  private let process: Process
  private let stdout: FileHandle
  private let stderrData = LockedData()
  private let stderrDone = DispatchSemaphore(value: 0)
  private let received = LockedData()
  private let watchdog: DispatchWorkItem

  /// Starts `tableflow arguments…` in the package folder.
  init(_ arguments: [String], in directory: URL? = nil, timeout: Double = 60) throws {
    let process = Process()
    process.executableURL = CLIProcess.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    self.process = process
    stdout = out.fileHandleForReading
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    self.watchdog = watchdog
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let errHandle = err.fileHandleForReading
    let box = stderrData
    let done = stderrDone
    DispatchQueue.global().async {
      let data = errHandle.readDataToEndOfFile()
      box.data.withLock { $0 = data }
      done.signal()
    }
  }

  /// Reads standard output until it contains `marker` (true) or ends (false).
  func readStdout(until marker: String) -> Bool {
    let needle = Data(marker.utf8)
    while true {
      if received.data.withLock({ $0.range(of: needle) != nil }) { return true }
      let chunk = stdout.availableData
      if chunk.isEmpty { return false }
      received.data.withLock { $0.append(chunk) }
    }
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Closes the reading end of the child's standard output: its next write meets EPIPE.
  func closeStdout() {
    try? stdout.close()
  }

  /// Waits for the child to exit, reading the rest of its standard output (unless closed).
  /// - Returns: the exit status (128 + N when killed by signal N), stdout and stderr.
  func wait(readingRest: Bool = true) -> CLIProcess.Outcome {
    if readingRest {
      let rest = stdout.readDataToEndOfFile()
      received.data.withLock { $0.append(rest) }
    }
    process.waitUntilExit()
    watchdog.cancel()
    stderrDone.wait()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return CLIProcess.Outcome(
      status: status, stdout: String(decoding: received.data.withLock { $0 }, as: UTF8.self),
      stderr: String(decoding: stderrData.data.withLock { $0 }, as: UTF8.self))
  }
}

/// Bytes shared between the reading threads and the test.
private final class LockedData: Sendable {
  let data = Mutex(Data())
}
