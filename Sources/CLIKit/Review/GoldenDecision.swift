import Foundation

/// What accepting or rejecting a failing golden does to the files, and nothing more.
///
/// Accepting renames `NAME.log.new` over `NAME.log`: one `rename`, so the golden is at every
/// moment either the old log or the new one, never half of each. Both must be regular files
/// (the golden may also not exist yet); a link, folder, FIFO or device at either path is
/// refused and left alone. Rejecting deletes the `.new` file, which must be a regular file.
enum GoldenDecision {
  /// Moves the item's `.new` file over its golden.
  /// - Throws: `CommandFailure` 74 naming the path and the cause; nothing was changed then.
  static func accept(_ item: ReviewItem) throws(CommandFailure) {
    try requireRegularFile(item.new, role: "new log")
    try requireRegularFile(item.golden, role: "golden", mayBeMissing: true)
    guard rename(item.new, item.golden) == 0 else {
      throw CommandFailure(
        .ioError, "\(item.new): cannot move it over \(item.golden): \(String(cString: strerror(errno)))")
    }
  }

  /// Deletes the item's `.new` file.
  /// - Throws: `CommandFailure` 74 naming the path and the cause.
  static func reject(_ item: ReviewItem) throws(CommandFailure) {
    try requireRegularFile(item.new, role: "new log")
    guard unlink(item.new) == 0 else {
      throw CommandFailure(.ioError, "\(item.new): cannot delete it: \(String(cString: strerror(errno)))")
    }
  }

  private static func requireRegularFile(
    _ path: String, role: String, mayBeMissing: Bool = false
  ) throws(CommandFailure) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT && mayBeMissing { return }
      throw CommandFailure(.ioError, "\(path): cannot check the \(role): \(String(cString: strerror(errno)))")
    }
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFLNK: kind = "a symbolic link"
    case S_IFDIR: kind = "a directory"
    default: kind = "not a regular file (a FIFO, device or socket)"
    }
    throw CommandFailure(
      .ioError,
      "\(path): the \(role) is \(kind); left as it is (review accepts and rejects regular files only)")
  }
}
