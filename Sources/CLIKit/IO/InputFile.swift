import Foundation

/// Checks an input path before it is opened, so a FIFO, device or folder fails at once with 66
/// instead of blocking on `open` or reading forever.
enum InputFile {
  /// - Throws: `CommandFailure` 66 naming the path: missing, or not a regular file (and what
  ///   it is instead).
  static func requireRegularFile(_ path: String) throws(CommandFailure) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
      throw CommandFailure(.noInput, "\(path): \(reason)")
    }
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a FIFO"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a regular file"
    }
    throw CommandFailure(.noInput, "\(path): is \(kind), not a regular file")
  }
}
