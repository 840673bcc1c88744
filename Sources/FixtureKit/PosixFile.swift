#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor with the few POSIX calls fixtures need, errors named after the path.
///
/// FixtureKit stays off Foundation so the fuzz target can compile it with `swiftc` alone.
final class PosixFile {
  /// The path, for error messages.
  let path: String
  private var descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { _ = Self.systemClose(descriptor) }
  }

  /// Opens `path` for reading.
  static func openForReading(_ path: String) throws(FixtureError) -> PosixFile {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw error(path, "cannot open for reading") }
    return PosixFile(path: path, descriptor: fd)
  }

  /// Creates or truncates `path` for writing.
  static func create(_ path: String) throws(FixtureError) -> PosixFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw error(path, "cannot create") }
    return PosixFile(path: path, descriptor: fd)
  }

  /// Reads up to `buffer.count` bytes; 0 means end of file.
  func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(FixtureError) -> Int {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw Self.error(path, "read failed")
    }
  }

  /// Writes all of `bytes`, retrying short writes.
  func writeAll(_ bytes: UnsafeRawBufferPointer) throws(FixtureError) {
    guard var base = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let count = write(descriptor, base, remaining)
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error(path, "write failed")
      }
      base += count
      remaining -= count
    }
  }

  /// Flushes the file's data to stable storage.
  func synchronize() throws(FixtureError) {
    guard fsync(descriptor) == 0 else { throw Self.error(path, "fsync failed") }
  }

  /// Closes the descriptor; later calls fail.
  func closeFile() throws(FixtureError) {
    guard descriptor >= 0 else { return }
    let result = Self.systemClose(descriptor)
    descriptor = -1
    guard result == 0 else { throw Self.error(path, "close failed") }
  }

  /// Atomically replaces `destination` with `source`.
  static func moveIntoPlace(_ source: String, _ destination: String) throws(FixtureError) {
    guard rename(source, destination) == 0 else {
      throw error(destination, "cannot rename \(source) into place")
    }
  }

  /// Removes `path`, ignoring a missing file.
  static func remove(_ path: String) {
    _ = unlink(path)
  }

  private static func systemClose(_ fd: Int32) -> Int32 { close(fd) }

  private static func error(_ path: String, _ what: String) -> FixtureError {
    let reason = String(cString: strerror(errno))
    return FixtureError(.io, "\(what): \(reason)", file: path)
  }
}
