import Foundation
import TestSupport

/// A golden file under `Tests/Golden/` that a test compares its output with.
enum GoldenFile {
  /// Compares `text` with the golden `name`; when it is missing or differs, writes `text` to
  /// `name.new` beside it (to review and move over the golden) and says so.
  /// - Returns: `nil` when `text` is the golden's, otherwise what to record as the issue.
  static func mismatch(_ text: String, golden name: String) throws -> String? {
    let path = APIServer.packageRoot.appendingPathComponent("Tests/Golden/\(name)").path
    let expected = FileManager.default.contents(atPath: path)
    if let expected, String(decoding: expected, as: UTF8.self) == text { return nil }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
    return expected == nil
      ? "no golden \(path); wrote \(path).new to review"
      : "the output differs from \(path); wrote \(path).new to review"
  }
}
