import Foundation

/// Where an asserted session's fixture and golden log are: as given, or derived from the test.
///
/// By default both sit in `__Fixtures__/<TestFile>/` beside the test file, named after the
/// session (the `name`, else the test function without its argument list):
/// `Tests/AppTests/__Fixtures__/FeedTests/session.jsonl.gz` and `session.log` for
/// `func session()` in `Tests/AppTests/FeedTests.swift`. Given only one of the two paths, the
/// other is its sibling (`NAME.jsonl.gz` ↔ `NAME.log`). A relative path is taken from the
/// package root (the folder above the test file holding `Package.swift`).
struct SessionPaths: Equatable {
  var fixture: String
  var golden: String

  static let fixtureSuffix = ".jsonl.gz"
  static let goldenSuffix = ".log"

  init(fixture: String?, golden: String?, name: String?, function: String, filePath: String) {
    let root = Self.packageRoot(containing: filePath)
    switch (fixture, golden) {
    case (let fixture?, let golden?):
      self.fixture = Self.resolve(fixture, from: root)
      self.golden = Self.resolve(golden, from: root)
    case (let fixture?, nil):
      self.fixture = Self.resolve(fixture, from: root)
      self.golden = Self.stem(of: self.fixture, suffix: Self.fixtureSuffix) + Self.goldenSuffix
    case (nil, let golden?):
      self.golden = Self.resolve(golden, from: root)
      self.fixture = Self.stem(of: self.golden, suffix: Self.goldenSuffix) + Self.fixtureSuffix
    case (nil, nil):
      let test = URL(fileURLWithPath: filePath)
      let folder = test.deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__")
        .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
      let stem = folder.appendingPathComponent(Self.sessionName(name ?? function)).path
      self.fixture = stem + Self.fixtureSuffix
      self.golden = stem + Self.goldenSuffix
    }
  }

  /// A file name for the session: `function` up to its argument list, with anything but
  /// letters, digits, `-`, `_` and `.` replaced by `-`.
  static func sessionName(_ function: String) -> String {
    let base = function.prefix { $0 != "(" }
    let name = String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "session" : name
  }

  private static func stem(of path: String, suffix: String) -> String {
    path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) : path
  }

  /// The folder above `filePath` that holds `Package.swift`, or the current folder.
  static func packageRoot(containing filePath: String) -> URL {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  /// `path` itself when absolute, else `path` below `root`.
  static func resolve(_ path: String, from root: URL) -> String {
    path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
  }
}
