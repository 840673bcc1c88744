import Foundation
import TestSupport

/// A folder to run documented `tableflow` commands in: it holds a copy of the repository's
/// `Fixtures` and links its `Examples` and `docs`, so the paths a page shows resolve, while what
/// a command writes (`-o books.html`) lands in the folder and goes away with it.
struct DocumentedCommandFolder {
  /// What a command did.
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private let folder: TemporaryDirectory
  private let output: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "tableflow-doc")
    output = try TemporaryDirectory(prefix: "tableflow-doc-output")
    let root = APIServer.packageRoot
    // A copy (600 KB), since `verify` does not follow a linked folder and `--update` writes in it.
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Fixtures"), to: URL(fileURLWithPath: folder.file("Fixtures")))
    for name in ["Examples", "docs"] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.file(name), withDestinationPath: root.appendingPathComponent(name).path)
    }
  }

  /// Runs the built `tableflow` with `arguments` in the folder and waits for it.
  func run(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = "true"  // as in CI: replay only
    process.environment = environment
    // Files, not pipes: nothing can fill up and block while we wait.
    try Data().write(to: URL(fileURLWithPath: output.file("stdout")))
    try Data().write(to: URL(fileURLWithPath: output.file("stderr")))
    let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: output.file("stdout")))
    let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: output.file("stderr")))
    defer {
      try? stdout.close()
      try? stderr.close()
    }
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      stdout: try String(contentsOfFile: output.file("stdout"), encoding: .utf8),
      stderr: try String(contentsOfFile: output.file("stderr"), encoding: .utf8))
  }

  /// Removes the folder and what the commands wrote.
  func cleanUp() {
    folder.cleanUp()
    output.cleanUp()
  }

  /// The `tableflow` binary in the build folder that holds the test bundle.
  private static var binary: URL {
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      folder = URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent()
    }
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("tableflow").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("tableflow")
  }
}
