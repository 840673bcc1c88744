import Foundation

/// Checks an input path before it is opened, so a FIFO, device or folder fails at once with 66
/// instead of blocking on `open` or reading forever.
enum InputFile {
  /// - Throws: `CommandFailure` 66 naming the path: missing, not a regular file (and what it
  ///   is instead), or one that cannot be opened for reading (permission denied).
  static func requireRegularFile(_ path: String) throws(CommandFailure) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
      throw CommandFailure(.noInput, "\(path): \(reason)")
    }
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return try requireReadable(path)
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a FIFO"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a regular file"
    }
    throw CommandFailure(.noInput, "\(path): is \(kind), not a regular file")
  }

  /// Opens a regular file for reading once (without blocking, as it could have become a FIFO
  /// since `stat`), so an input that cannot be opened (permission denied) is a missing input
  /// (66) like one that is not there; read errors later stay I/O errors (74).
  private static func requireReadable(_ path: String) throws(CommandFailure) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      throw CommandFailure(.noInput, "\(path): cannot open: \(String(cString: strerror(errno)))")
    }
    close(descriptor)
  }
}
