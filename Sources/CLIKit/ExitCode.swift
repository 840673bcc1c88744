/// The `tableflow` exit codes (sysexits), as DESIGN.md documents them.
///
/// Codes are ordered by severity so that a session reports the worst failure it saw.
public enum ExitCode: Int32, Sendable, Comparable, CaseIterable {
  /// Everything worked.
  case success = 0
  /// A replayed log differs from its golden file.
  case goldenMismatch = 1
  /// The command line is wrong.
  case usage = 64
  /// Input data is bad: malformed JSON, corrupt fixture, invalid snapshot.
  case dataError = 65
  /// An input file does not exist or cannot be opened.
  case noInput = 66
  /// A service is unavailable: network failure or HTTP error.
  case unavailable = 69
  /// An internal error.
  case software = 70
  /// Reading or writing a file failed.
  case ioError = 74
  /// Interrupted by SIGINT (Ctrl-C): 128 + 2, as shells report it.
  case interrupted = 130
  /// Terminated by SIGTERM: 128 + 15.
  case terminated = 143

  /// Orders codes by severity: success < golden mismatch < the others by value.
  public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
