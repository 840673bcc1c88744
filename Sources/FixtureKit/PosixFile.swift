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

  /// Takes the exclusive lock `path`, creating the lock file if it is missing, and holds it
  /// until the returned file is closed; `.busy` names `subject`, the file the lock guards.
  ///
  /// The lock (`flock`) belongs to this open file, so a second writer — in this process or
  /// another — fails at once with `.busy`, while a lock left by a writer that died (released
  /// by the kernel) is taken over. The lock file is opened read-only and never through a
  /// symbolic link, so whatever it names is never written. After locking, the open file is
  /// checked to still be the one at `path`: a writer that finished and removed its lock file
  /// in the meantime must not leave two writers each holding a lock of its own.
  static func lock(_ path: String, guarding subject: String) throws(FixtureError) -> PosixFile {
    while true {
      let fd = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard fd >= 0 else {
        // A missing folder or no permission is about the file the user asked for.
        throw errno == ELOOP ? refusal(path, "cannot create the lock file") : error(subject, "cannot create")
      }
      let file = PosixFile(path: path, descriptor: fd)
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        if errno == EWOULDBLOCK {
          throw FixtureError(.busy, "another recording is writing this file", file: subject)
        }
        throw error(path, "cannot lock")
      }
      var opened = stat()
      var named = stat()
      guard fstat(fd, &opened) == 0 else { throw error(path, "cannot stat") }
      guard lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
      else { continue }  // Removed by the writer that held it: lock the new one.
      return file
    }
  }

  /// Creates `path` as a new, empty regular file for writing.
  ///
  /// Fails if anything exists at `path` (`O_EXCL`), and never follows a symbolic link
  /// (`O_NOFOLLOW`): an existing file, a link to one or a hard link is never opened for writing.
  static func createNew(_ path: String) throws(FixtureError) -> PosixFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw refusal(path, "cannot create") }
    return PosixFile(path: path, descriptor: fd)
  }

  /// Removes a partial file that a writer which died left at `path`, after its lock was taken.
  ///
  /// Only a regular file with a single link is removed; anything else — a symbolic link, a
  /// file with other hard links, a folder, FIFO or device — is refused, so recording never
  /// writes through, or deletes, something the user keeps elsewhere.
  static func removeStalePartial(_ path: String) throws(FixtureError) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return }
      throw error(path, "cannot stat")
    }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFLNK {
      throw FixtureError(
        .io, "is a symbolic link; refusing to write through it (remove it to record)", file: path)
    }
    guard kind == S_IFREG else {
      throw FixtureError(
        .io, "is not a regular file (a folder, FIFO or device); refusing to replace it", file: path)
    }
    guard status.st_nlink == 1 else {
      throw FixtureError(
        .io,
        "has \(status.st_nlink) hard links; refusing to write through it (remove it to record)",
        file: path)
    }
    guard unlink(path) == 0 || errno == ENOENT else { throw error(path, "cannot remove") }
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

  /// The file a path names once every symbolic link is followed (`realpath`).
  static func resolvingLinks(_ path: String) throws(FixtureError) -> String {
    guard let resolved = realpath(path, nil) else { throw error(path, "cannot resolve") }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A file's permission bits, owner and group.
  struct Ownership {
    var mode: mode_t
    var owner: uid_t
    var group: gid_t
  }

  /// The permission bits, owner and group of the file at `path`.
  static func ownership(of path: String) throws(FixtureError) -> Ownership {
    var status = stat()
    guard stat(path, &status) == 0 else { throw error(path, "cannot stat") }
    return Ownership(mode: status.st_mode & 0o7777, owner: status.st_uid, group: status.st_gid)
  }

  /// Gives `path` the permission bits of `ownership`, and its owner and group where the
  /// process may (an unprivileged user cannot give a file away: that is not an error).
  static func applyOwnership(_ ownership: Ownership, to path: String) throws(FixtureError) {
    if chown(path, ownership.owner, ownership.group) != 0 && errno != EPERM {
      throw error(path, "cannot set the owner")
    }
    guard chmod(path, ownership.mode) == 0 else { throw error(path, "cannot set the permissions") }
  }

  /// Removes `path`, ignoring a missing file.
  static func remove(_ path: String) {
    _ = unlink(path)
  }

  private static func systemClose(_ fd: Int32) -> Int32 { close(fd) }

  /// The error for a failed `open` that must not follow links: a link is named as the cause.
  private static func refusal(_ path: String, _ what: String) -> FixtureError {
    switch errno {
    case ELOOP:
      return FixtureError(.io, "is a symbolic link; refusing to write through it", file: path)
    case EEXIST:
      return FixtureError(.io, "\(what): something else created it meanwhile", file: path)
    default:
      return error(path, what)
    }
  }

  private static func error(_ path: String, _ what: String) -> FixtureError {
    let reason = String(cString: strerror(errno))
    return FixtureError(.io, "\(what): \(reason)", file: path)
  }
}
