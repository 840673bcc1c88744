/// How a session is expected to end, read from the `NAME.expect` sidecar beside its fixture.
///
/// Without a sidecar a session must exit 0. A session that fails by design (an HTTP 500, a
/// malformed body) lives in the same folder as the others with a sidecar naming its exit, and
/// passes `verify` only when its log matches the golden *and* it fails exactly so:
///
/// ```
/// # the reviews request answers 500; the screen shows an error row
/// exit 69
/// stderr HTTP 500
/// ```
///
/// `exit CODE` (required, once) is the exit code the replay must end with; each
/// `stderr TEXT` is text that must appear in what the replay writes to standard error.
/// Blank lines and `#` comments are ignored.
struct SessionExpectation: Equatable {
  /// The exit code the replay must end with.
  var exitCode: ExitCode
  /// Texts that must each appear in the replay's standard error.
  var stderrContains: [String]

  /// A session with no sidecar: it must succeed.
  static let success = SessionExpectation(exitCode: .success, stderrContains: [])

  /// Parses a sidecar's text.
  /// - Throws: `CommandFailure` (65) naming the line and what was expected there.
  static func parse(_ text: String, file: String) throws(CommandFailure) -> SessionExpectation {
    var exitCode: ExitCode?
    var stderrContains: [String] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      let position = "\(file): line \(index + 1)"
      if line.hasPrefix("exit ") {
        let value = String(line.dropFirst("exit ".count)).trimmingSpaces
        guard let raw = Int32(value), let code = ExitCode(rawValue: raw) else {
          let known = ExitCode.allCases.map { String($0.rawValue) }.joined(separator: ", ")
          throw CommandFailure(.dataError, "\(position): unknown exit code '\(value)' (one of \(known))")
        }
        guard exitCode == nil else {
          throw CommandFailure(.dataError, "\(position): a second 'exit' line")
        }
        exitCode = code
      } else if line.hasPrefix("stderr ") {
        stderrContains.append(String(line.dropFirst("stderr ".count)).trimmingSpaces)
      } else {
        throw CommandFailure(.dataError, "\(position): expected 'exit CODE' or 'stderr TEXT', got '\(line)'")
      }
    }
    guard let exitCode else {
      throw CommandFailure(.dataError, "\(file): no 'exit CODE' line")
    }
    return SessionExpectation(exitCode: exitCode, stderrContains: stderrContains)
  }

  /// Why a replay that ended with `code` and wrote `stderr` does not meet the expectation, or
  /// `nil` when it does.
  func mismatch(code: ExitCode, stderr: String) -> String? {
    if code != exitCode {
      return "replay exited \(code.rawValue)"
        + (exitCode == .success ? "" : ", expected \(exitCode.rawValue)")
    }
    if let missing = stderrContains.first(where: { !stderr.contains($0) }) {
      return "exited \(code.rawValue) as expected, but standard error lacks '\(missing)'"
    }
    return nil
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and carriage returns.
  fileprivate var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
