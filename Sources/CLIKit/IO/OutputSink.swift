import Foundation
import TableCore
import TableFlow

/// Where a command writes text: standard output, standard error, a file, or memory in tests.
public protocol OutputSink: Sendable {
  /// Writes `text` as UTF-8.
  func write(_ text: String)
  /// Writes bytes as they are.
  func write(bytes: [UInt8])
  /// Pushes buffered output to its destination.
  func flush()
  /// Why writing failed, if it did (a full disk, an I/O error), other than a reader that went
  /// away: the output is incomplete and the command must not report success.
  var writeFailure: String? { get }
}

extension OutputSink {
  /// Sinks that cannot fail report no failure.
  public var writeFailure: String? { nil }

  /// Writes `text` followed by a newline.
  public func line(_ text: String) { write(text + "\n") }
}

/// An output sink over a file descriptor, buffered up to 64 KiB between writes (or written
/// out after every write that ends a line, when line-buffered).
///
/// Commands flush it at least once per intent, so a killed run has printed what it did; a
/// reader that went away (EPIPE, with SIGPIPE ignored) makes later output vanish quietly. Any
/// other failed write (ENOSPC, EIO, …) is kept in ``writeFailure``: later output is dropped
/// and the command exits 74 (`write failed: <cause>`).
public final class FileDescriptorSink: OutputSink {
  private let descriptor: Int32
  private let buffer = Locked<[UInt8]>([])
  private let failure = Locked<String?>(nil)
  private let flushesEachLine: Bool
  private static let capacity = 1 << 16

  /// Standard output: line-buffered when it is a terminal, else block-buffered.
  public static let standardOutput = FileDescriptorSink(
    descriptor: STDOUT_FILENO, flushesEachLine: isatty(STDOUT_FILENO) != 0)
  /// Standard error: every line is written out at once.
  public static let standardError = FileDescriptorSink(descriptor: STDERR_FILENO, flushesEachLine: true)

  /// Wraps an open file descriptor; the sink does not close it.
  /// - Parameters:
  ///   - descriptor: The open file descriptor to write to.
  ///   - flushesEachLine: write out the buffer after every write that ends in a newline (for
  ///     terminals and standard error).
  public init(descriptor: Int32, flushesEachLine: Bool = false) {
    self.descriptor = descriptor
    self.flushesEachLine = flushesEachLine
  }

  /// Appends UTF-8 text to the buffer, writing it out when the buffer is full (or, when
  /// line-buffered, when the text ends a line).
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(raw: UnsafeRawBufferPointer($0)) }
  }

  /// Appends bytes to the buffer, writing it out when the buffer is full (or, when
  /// line-buffered, when the bytes end a line).
  public func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write(raw: $0) }
  }

  /// Writes out everything buffered.
  public func flush() {
    buffer.withLock { drain(&$0) }
  }

  /// The cause of the first failed write other than EPIPE, e.g. "No space left on device".
  public var writeFailure: String? { failure.withLock { $0 } }

  /// Buffers `bytes`; bytes that would not fit in the buffer go out after what it holds,
  /// without being copied into it (a whole table's text is not held twice).
  private func write(raw bytes: UnsafeRawBufferPointer) {
    buffer.withLock { pending in
      if pending.count + bytes.count > Self.capacity {
        drain(&pending)
        if bytes.count >= Self.capacity {
          send(bytes)
          return
        }
      }
      pending.append(contentsOf: bytes)
      if pending.count >= Self.capacity || (flushesEachLine && bytes.last == 0x0A) {
        drain(&pending)
      }
    }
  }

  private func drain(_ pending: inout [UInt8]) {
    defer { pending.removeAll(keepingCapacity: true) }
    pending.withUnsafeBytes { send($0) }
  }

  private func send(_ raw: UnsafeRawBufferPointer) {
    guard writeFailure == nil else { return }  // The output is already incomplete.
    var offset = 0
    let cause: String? = {
      while offset < raw.count, let base = raw.baseAddress {
        let written = Foundation.write(descriptor, base + offset, raw.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else if written < 0 && errno == EPIPE {
          return nil  // Nobody is reading any more: drop the rest quietly.
        } else {
          return written < 0 ? String(cString: strerror(errno)) : "nothing was written"
        }
      }
      return nil
    }()
    if let cause { failure.withLock { $0 = $0 ?? cause } }
  }
}

/// An output sink that keeps everything in memory, for tests.
public final class MemorySink: OutputSink {
  private let storage = Locked<[UInt8]>([])

  /// Creates an empty sink.
  public init() {}

  /// Appends UTF-8 text.
  public func write(_ text: String) { write(bytes: Array(text.utf8)) }

  /// Appends bytes.
  public func write(bytes: [UInt8]) { storage.withLock { $0.append(contentsOf: bytes) } }

  /// Does nothing: memory needs no flushing.
  public func flush() {}

  /// Everything written, as UTF-8 text.
  public var text: String { String(decoding: storage.withLock { $0 }, as: UTF8.self) }
}

/// The two streams a command writes to: the log on `out`, one-line errors on `err`.
public struct CommandIO: Sendable {
  /// Standard output: only the log.
  public var out: any OutputSink
  /// Standard error: errors and progress.
  public var err: any OutputSink
  /// Whether standard error is a terminal (progress is shown only then).
  public var errIsTerminal: Bool
  /// Whether standard input and standard output are both terminals: a person is there to be
  /// asked (`tableflow review` asks only then).
  public var isInteractive = false
  /// The environment the command runs in.
  public var environment: [String: String]
  /// The program the command runs in: how errors, help and recordings name it.
  public var tool: ToolIdentity

  /// Creates the streams.
  public init(
    out: any OutputSink, err: any OutputSink, errIsTerminal: Bool = false,
    environment: [String: String] = [:], tool: ToolIdentity = .tableflow
  ) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
    self.environment = environment
    self.tool = tool
  }

  /// The process's standard output and error.
  public static var standard: CommandIO {
    var io = CommandIO(
      out: FileDescriptorSink.standardOutput, err: FileDescriptorSink.standardError,
      errIsTerminal: isatty(STDERR_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    io.isInteractive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
    return io
  }

  /// The code to exit with once `code`'s command has flushed its output: 74, with one error
  /// line `write failed: <cause>`, when standard output could not be written (a full disk,
  /// an I/O error) — the log is incomplete, so no other outcome may be reported.
  public func finishing(_ code: ExitCode) -> ExitCode {
    guard let cause = out.writeFailure else { return code }
    fail("write failed: \(cause) (standard output)")
    return .ioError
  }

  /// Writes one error line, `NAME: message` (the ``tool``'s name), to standard error.
  ///
  /// Control characters, line separators and bidirectional overrides in the message are
  /// escaped (`TextEscaping.inline(_:)`): whatever a file or a backend said, an error is
  /// one line and sends no terminal escape.
  public func fail(_ message: String) {
    err.line(tool.name + ": " + TextEscaping.inline(message))
  }
}
