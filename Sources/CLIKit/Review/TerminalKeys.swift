import Foundation
import TableFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys read from a terminal one at a time, as they are pressed (no Enter needed, not echoed).
///
/// Opening switches the terminal to reading single keys without echo and without turning
/// Ctrl-C into SIGINT (it arrives as a key, so the review can end tidily); ``close()`` gives
/// back the settings it found. A thread waits for the input with `poll` on the terminal and a
/// pipe of its own, so closing also ends the thread: nothing is left reading the terminal.
final class TerminalKeys: ReviewKeys {
  private let descriptor: Int32
  private let saved: termios
  private let wake: (read: Int32, write: Int32)
  let keys: AsyncStream<ReviewStateMachine.Key>
  private let closed = Locked(false)

  /// Starts reading `descriptor` (a terminal), or returns `nil` when it is not one whose
  /// settings can be changed.
  init?(descriptor: Int32 = STDIN_FILENO) {
    var settings = termios()
    guard isatty(descriptor) != 0, tcgetattr(descriptor, &settings) == 0 else { return nil }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    var single = settings
    single.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    Self.setSingleByteReads(&single)
    guard tcsetattr(descriptor, TCSANOW, &single) == 0 else {
      Foundation.close(pipeEnds[0])
      Foundation.close(pipeEnds[1])
      return nil
    }
    self.descriptor = descriptor
    self.saved = settings
    self.wake = (pipeEnds[0], pipeEnds[1])
    let (stream, continuation) = AsyncStream.makeStream(of: ReviewStateMachine.Key.self)
    self.keys = stream
    let wakeRead = pipeEnds[0]
    let thread = Thread {
      Self.read(descriptor, until: wakeRead, into: continuation)
      Foundation.close(wakeRead)
    }
    thread.start()
  }

  func close() {
    let first = closed.withLock { wasClosed in
      defer { wasClosed = true }
      return !wasClosed
    }
    guard first else { return }
    var saved = self.saved
    tcsetattr(descriptor, TCSANOW, &saved)
    var byte: UInt8 = 1
    _ = Foundation.write(wake.write, &byte, 1)
    Foundation.close(wake.write)
  }

  deinit { close() }

  /// VMIN 1, VTIME 0: `read` returns as soon as one byte is there.
  private static func setSingleByteReads(_ settings: inout termios) {
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
  }

  /// Reads bytes from `descriptor` until it ends or `wake` becomes readable, yielding a key
  /// for each; the end of input is yielded once as `.endOfInput`.
  private static func read(
    _ descriptor: Int32, until wake: Int32,
    into continuation: AsyncStream<ReviewStateMachine.Key>.Continuation
  ) {
    defer { continuation.finish() }
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&watched, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0, watched[1].revents == 0 else { return }
      var byte: UInt8 = 0
      let count = Foundation.read(descriptor, &byte, 1)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count == 1 else {
        continuation.yield(.endOfInput)
        return
      }
      continuation.yield(ReviewStateMachine.Key(byte: byte))
    }
  }
}
