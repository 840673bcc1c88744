import Foundation
import TestSupport
import Testing

@testable import FixtureKit

#if canImport(Glibc)
import Glibc
#endif

/// Kills a real recording process with SIGKILL and reads what it left behind.
///
/// The test binary re-launches itself filtered to this one test, with an environment variable
/// that turns the test into the child: it records until killed, reporting each completed
/// record on standard output.
@Suite("Crash safety")
struct CrashSafetyTests {
  private static let childVariable = "FIXTUREKIT_CRASH_CHILD_PATH"
  private static let confirmedBeforeKill = 150

  /// The deterministic body of record `seq`: some small, some large enough that the kill is
  /// likely to land in the middle of writing one.
  static func body(seq: Int) -> [UInt8] {
    let count = seq % 5 == 0 ? 200_000 : 300
    return Array("record \(seq): \"".utf8) + Array(repeating: UInt8(0x41 + seq % 26), count: count)
  }

  @Test("a recording killed mid-session leaves a .partial holding every confirmed record")
  func killedRecordingLeavesReadablePartial() throws {
    if let path = ProcessInfo.processInfo.environment[Self.childVariable] {
      try Self.runChild(path: path)
      return
    }
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("killed.jsonl.gz")

    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [
      "--testing-library", "swift-testing", "--filter", "killedRecordingLeavesReadablePartial",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = path
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    child.standardError = FileHandle.nullDevice
    try child.run()

    // Wait for the child to confirm enough records, then kill it without warning.
    var confirmed = 0
    var pending = ""
    while confirmed < Self.confirmedBeforeKill {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      pending += String(decoding: data, as: UTF8.self)
      while let newline = pending.firstIndex(of: "\n") {
        let line = pending[..<newline]
        if line.hasPrefix("recorded "), let seq = Int(line.dropFirst("recorded ".count)) {
          confirmed = max(confirmed, seq)
        }
        pending.removeSubrange(...newline)
      }
    }
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(confirmed >= Self.confirmedBeforeKill)
    #expect(!FileManager.default.fileExists(atPath: path))

    let reader = try FixtureReader(path: path + ".partial")
    #expect(reader.header.feed == "crash")
    let (records, damage) = reader.readSalvaging()
    #expect(records.count >= confirmed)
    for record in records {
      #expect(
        record.entry
          == .response(RecordedResponse(request: record.seq, status: 200, body: Self.body(seq: record.seq))))
    }
    #expect(records.map(\.seq) == Array((0..<records.count).map { $0 + 1 }))
    #expect(damage?.code == .truncated)
  }

  /// The child: records until killed (or gives up after a minute so it never lingers).
  private static func runChild(path: String) throws {
    let writer = try FixtureWriter(path: path, header: FixtureHeader(feed: "crash", tool: "child"))
    let deadline = ContinuousClock.now + .seconds(60)
    var seq = 0
    while ContinuousClock.now < deadline {
      seq = try writer.append(
        .response(RecordedResponse(request: seq + 1, status: 200, body: body(seq: seq + 1))))
      // Printed only after append returned: the record is with the operating system.
      FileHandle.standardOutput.write(Data("recorded \(seq)\n".utf8))
    }
    exit(1)
  }
}
