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

  /// Opens the regular file `path` for reading.
  ///
  /// Opens without blocking and checks the kind first: a FIFO or device would otherwise block
  /// in `open` or `read` forever.
  static func openForReading(_ path: String) throws(FixtureError) -> PosixFile {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw error(path, "cannot open for reading") }
    let file = PosixFile(path: path, descriptor: fd)
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw error(path, "cannot stat") }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw FixtureError(.io, "not a regular file (a folder, FIFO or device)", file: path)
    }
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      throw error(path, "cannot set blocking mode")
    }
    return file
  }

  /// Creates or truncates `path` for writing.
  static func create(_ path: String) throws(FixtureError) -> PosixFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw error(path, "cannot create") }
    return PosixFile(path: path, descriptor: fd)
  }

  /// Opens `path` for writing under an exclusive lock held until the file is closed, then
  /// empties it.
  ///
  /// The lock (`flock`) belongs to this open file, so a second writer — in this process or
  /// another — fails at once with `.busy`, while a file left by a writer that died (its lock
  /// released by the kernel) is taken over and emptied. After locking, the open file is
  /// checked to still be the one at `path`: a writer that renamed it away in the meantime
  /// (finishing its fixture) must not have that finished file emptied.
  static func createExclusively(_ path: String) throws(FixtureError) -> PosixFile {
    while true {
      let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw error(path, "cannot create") }
      let file = PosixFile(path: path, descriptor: fd)
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        if errno == EWOULDBLOCK {
          throw FixtureError(.busy, "another recording is writing this file", file: path)
        }
        throw error(path, "cannot lock")
      }
      var opened = stat()
      var named = stat()
      guard fstat(fd, &opened) == 0 else { throw error(path, "cannot stat") }
      guard stat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
      else { continue }  // Renamed or removed while we waited: open the new one.
      guard ftruncate(fd, 0) == 0 else { throw error(path, "cannot empty") }
      return file
    }
  }

  /// Creates a file in `folder` that has no name: it is unlinked at once, so it vanishes when
  /// closed (or when the process dies) and no other process can find it.
  static func anonymous(in folder: String) throws(FixtureError) -> PosixFile {
    var template = Array((folder + "/tableflow-bodies-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard fd >= 0 else { throw error(folder, "cannot create a temporary file") }
    _ = unlink(path)
    return PosixFile(path: path, descriptor: fd)
  }

  /// Writes all of `bytes` at `offset`.
  func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(FixtureError) {
    guard var base = bytes.baseAddress else { return }
    var remaining = bytes.count
    var position = offset
    while remaining > 0 {
      let count = pwrite(descriptor, base, remaining, off_t(position))
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error(path, "write failed")
      }
      base += count
      remaining -= count
      position += count
    }
  }

  /// Fills `buffer` from `offset`; fails if the file ends first.
  func readExactly(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FixtureError) {
    guard var base = buffer.baseAddress else { return }
    var remaining = buffer.count
    var position = offset
    while remaining > 0 {
      let count = pread(descriptor, base, remaining, off_t(position))
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error(path, "read failed")
      }
      guard count > 0 else { throw FixtureError(.io, "ends before byte \(position + remaining)", file: path) }
      base += count
      remaining -= count
      position += count
    }
  }

  /// Whether `path` names an existing directory.
  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
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
