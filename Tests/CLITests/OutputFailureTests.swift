import Foundation
import TestSupport
import Testing

/// A log that could not be written is an I/O error (74), never a success: only a reader that
/// went away (EPIPE) makes output vanish quietly.
@Suite("standard output write failures")
struct OutputFailureTests {
  /// Runs `tableflow arguments…` with standard output on `/dev/full`, where every write fails
  /// with ENOSPC (a full disk).
  static func runOnFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = CLIProcess.binary
    process.arguments = arguments
    process.currentDirectoryURL = APIServer.packageRoot
    let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let err = Pipe()
    process.standardOutput = full
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try full.close()
    return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
  }

  @Test(
    "a command whose log cannot be written exits 74 naming the cause",
    arguments: [
      ["replay", "Fixtures/books/session.jsonl.gz"],
      ["replay", "Fixtures/books/session.jsonl.gz", "--format", "jsonl"],
      ["inspect", "Fixtures/books/session.jsonl.gz"],
      ["verify", "Fixtures/profile"],
      [],
    ])
  func fullDiskIsAnError(arguments: [String]) throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let outcome = try Self.runOnFullDisk(arguments)
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("write failed: No space left on device (standard output)"))
    #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
  }

  @Test("a reader that goes away (EPIPE) is not an error")
  func closedPipeIsQuiet() throws {
    let process = Process()
    process.executableURL = CLIProcess.binary
    process.arguments = ["replay", "Fixtures/books/session.jsonl.gz", "--full"]
    process.currentDirectoryURL = APIServer.packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try out.fileHandleForReading.close()  // The reader is gone before the log is written.
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
    #expect(stderr.isEmpty)
  }
}
