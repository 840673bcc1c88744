import Foundation

/// Writes a file that a command was told to write (`view -o`, `verify --html`, `.new` goldens):
/// atomically, and never over one of the command's inputs or through a link.
///
/// Before anything is written, the path is checked: a symbolic link, a folder, FIFO or device
/// at the path is refused (74), and so is a path that names one of the command's inputs (64),
/// so `view s.jsonl.gz -o s.jsonl.gz` can never turn a fixture into a page. The bytes go to a
/// new file created exclusively (`O_EXCL | O_NOFOLLOW`) beside the target, which is renamed
/// over the target only once every byte is written and synced: a failure leaves the target as
/// it was.
enum OutputFile {
  /// Refuses `path` as an output of a command reading `inputs` (see the type's discussion).
  /// - Throws: `CommandFailure` 64 when `path` is one of `inputs`; 74 when it is a link or
  ///   not a regular file.
  static func check(_ path: String, inputs: [String]) throws(CommandFailure) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return }  // A new file: it cannot be an input.
      throw CommandFailure(
        .ioError, "\(path): cannot check the output path: \(String(cString: strerror(errno)))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFLNK:
      throw CommandFailure(
        .ioError, "\(path): is a symbolic link; refusing to write through or replace it (name its target)")
    case S_IFDIR: throw CommandFailure(.ioError, "\(path): is a directory, not a file to write")
    default:
      throw CommandFailure(
        .ioError, "\(path): is not a regular file (a FIFO, device or socket); refusing to replace it")
    }
    for input in inputs {
      var named = stat()
      guard stat(input, &named) == 0 else { continue }
      if named.st_dev == status.st_dev && named.st_ino == status.st_ino {
        throw CommandFailure(
          .usage, "\(path): is an input of this command (\(input)); write the output somewhere else")
      }
    }
  }

  /// Checks `path` as ``check(_:inputs:)`` does, then replaces it atomically with `bytes`.
  /// - Throws: `CommandFailure` as ``check(_:inputs:)``, or 74 when writing fails (`path` is
  ///   then untouched and no temporary file is left).
  static func write(_ bytes: some Collection<UInt8>, to path: String, inputs: [String]) throws(CommandFailure)
  {
    try check(path, inputs: inputs)
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporary =
      folder + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(folder)") }
    var ok = Array(bytes).withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let written = Foundation.write(fd, base + offset, raw.count - offset)
        if written > 0 {
          offset += written
        } else if !(written < 0 && errno == EINTR) {
          return false
        }
      }
      return true
    }
    var cause = ok ? nil : String(cString: strerror(errno))
    if ok && fsync(fd) != 0 {
      ok = false
      cause = String(cString: strerror(errno))
    }
    if close(fd) != 0 && ok {
      ok = false
      cause = String(cString: strerror(errno))
    }
    guard ok, rename(temporary, path) == 0 else {
      let reason = cause ?? String(cString: strerror(errno))
      _ = unlink(temporary)
      throw CommandFailure(.ioError, "\(path): write failed: \(reason)")
    }
  }

  private static func failure(_ path: String, _ what: String) -> CommandFailure {
    CommandFailure(.ioError, "\(path): \(what): \(String(cString: strerror(errno)))")
  }
}
