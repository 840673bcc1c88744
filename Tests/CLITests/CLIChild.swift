import Foundation
import TableFlow

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

  /// Whether standard output is a pseudo-terminal (read until EIO) rather than a pipe.
  private let isTerminal: Bool

  /// Starts `tableflow arguments…` in the package folder.
  /// - Parameters:
  ///   - terminal: give the child a pseudo-terminal as standard output, as an interactive
  ///     shell would.
  ///   - input: give it the same pseudo-terminal as standard input too, for `type(_:)`
  ///     (with `terminal` only).
  init(
    _ arguments: [String], in directory: URL? = nil, timeout: Double = 60, terminal: Bool = false,
    input: Bool = false
  ) throws {
    let process = Process()
    process.executableURL = CLIProcess.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let err = Pipe()
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    isTerminal = terminal
    if terminal {
      let (controller, device) = try Self.openTerminal()
      process.standardOutput = device
      if input { process.standardInput = device }
      try process.run()
      try device.close()  // the child holds its own copy
      stdout = controller
    } else {
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      stdout = out.fileHandleForReading
    }
    self.process = process
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

  /// A pseudo-terminal: the controlling side (kept) and the device (the child's stdout).
  private static func openTerminal() throws -> (FileHandle, FileHandle) {
    // posix_openpt and friends are not visible to Swift here; these are their Linux ioctls.
    let getNumber: UInt = 0x8004_5430  // TIOCGPTN
    let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard controller >= 0 else { throw POSIXError(.ENOTTY) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let unlocked = withUnsafeMutablePointer(to: &unlock) { ioctl(controller, setLock, $0) }
    let numbered = withUnsafeMutablePointer(to: &number) { ioctl(controller, getNumber, $0) }
    guard unlocked == 0, numbered == 0 else { throw POSIXError(.ENOTTY) }
    let device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard device >= 0 else { throw POSIXError(.ENOTTY) }
    // No newline translation: the log arrives byte for byte.
    var settings = termios()
    tcgetattr(device, &settings)
    cfmakeraw(&settings)
    tcsetattr(device, TCSANOW, &settings)
    return (
      FileHandle(fileDescriptor: controller, closeOnDealloc: true),
      FileHandle(fileDescriptor: device, closeOnDealloc: true)
    )
  }

  /// Reads one chunk of standard output; empty at its end (EIO for a terminal whose child
  /// has exited).
  private func readChunk() -> Data {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = read(stdout.fileDescriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      return count > 0 ? Data(buffer[0..<count]) : Data()
    }
  }

  /// Reads standard output until it contains `marker` (`occurrences` times) (true) or ends
  /// (false).
  func readStdout(until marker: String, occurrences: Int = 1) -> Bool {
    let needle = Data(marker.utf8)
    func count(_ data: Data) -> Int {
      var found = 0
      var start = data.startIndex
      while let range = data.range(of: needle, in: start..<data.endIndex) {
        found += 1
        start = range.upperBound
      }
      return found
    }
    while true {
      if received.data.withLock({ count($0) >= occurrences }) { return true }
      let chunk = readChunk()
      if chunk.isEmpty { return false }
      received.data.withLock { $0.append(chunk) }
    }
  }

  /// Types `text` on the child's terminal (see `input`), as if pressed key by key.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(stdout.fileDescriptor, $0.baseAddress, $0.count) }
  }

  /// Everything read from standard output so far.
  var stdoutSoFar: String { String(decoding: received.data.withLock { $0 }, as: UTF8.self) }

  /// Whether the child is still running.
  var isRunning: Bool { process.isRunning }

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
    while readingRest {
      let chunk = readChunk()
      if chunk.isEmpty { break }
      received.data.withLock { $0.append(chunk) }
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
  let data = Locked(Data())
}
