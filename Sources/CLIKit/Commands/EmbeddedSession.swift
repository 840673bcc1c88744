import Foundation

/// Finds the books session that `tableflow` replays when run with no arguments.
///
/// The session ships in the package's `Fixtures/books/` folder. It is looked up, in order,
/// under `$TABLEFLOW_FIXTURES`, under the working directory, and in the folders above the
/// executable (so `swift run tableflow` finds it from the build folder).
enum EmbeddedSession {
  /// The fixture's path below a `Fixtures` folder.
  static let relativePath = "books/session.jsonl.gz"

  /// The fixture's location, or `nil` when no candidate folder holds it.
  static func locate(environment: [String: String]) -> URL? {
    var candidates: [URL] = []
    if let root = environment["TABLEFLOW_FIXTURES"] {
      candidates.append(URL(fileURLWithPath: root))
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    candidates.append(cwd.appendingPathComponent("Fixtures"))
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while folder.path != "/" {
      candidates.append(folder.appendingPathComponent("Fixtures"))
      folder.deleteLastPathComponent()
    }
    return candidates.lazy.map { $0.appendingPathComponent(relativePath) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }
}
