import Foundation
import TableFlow
import TestSupport

/// Runs the built `tableflow` binary as a subprocess and captures what it prints.
struct CLIProcess {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `tableflow` binary next to the test bundle in the build folder.
  static var binary: URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // On Linux the test runner is `.build/debug/TableFlowPackageTests.xctest`; on Darwin it is
    // inside the bundle's Contents/MacOS.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("tableflow").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("tableflow")
  }

  /// Runs `tableflow arguments…` in `directory` and waits for it to exit.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? APIServer.packageRoot
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, so a large log cannot fill a pipe and block.
    let stderrBox = StderrBox()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      stderrBox.set(err.fileHandleForReading.readDataToEndOfFile())
    }
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let stderrData = stderrBox.get()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus,
      stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }
}

/// Holds the stderr bytes read on another thread.
private final class StderrBox: Sendable {
  private let data = Locked(Data())
  func set(_ value: Data) { data.withLock { $0 = value } }
  func get() -> Data { data.withLock { $0 } }
}
