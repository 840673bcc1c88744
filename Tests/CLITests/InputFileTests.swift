import Foundation
import TestSupport
import Testing

/// A FIFO, device or folder given where a file is expected fails at once with 66.
@Suite("special files as input")
struct InputFileTests {
  @Test("a FIFO, a device or a folder as a fixture or snapshot exits 66 at once, one line on stderr")
  func specialFiles() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-special")
    defer { folder.cleanUp() }
    let fifo = folder.file("pipe.jsonl.gz")
    #expect(mkfifo(fifo, 0o600) == 0)
    let snapshot = folder.file("snapshot.json")
    try Data(#"{"sections":[]}"#.utf8).write(to: URL(fileURLWithPath: snapshot))
    for special in [fifo, "/dev/zero", folder.path] {
      let commands = [
        ["replay", special], ["inspect", special], ["diff", special, snapshot], ["diff", snapshot, special],
        ["run", "books", "--fixture", special],
        ["run", "books", "--live", "http://127.0.0.1:9", "--intents", special],
        ["replay", "Fixtures/books/session.jsonl.gz", "--expect", special],
      ]
      for arguments in commands {
        // The watchdog turns a regression (blocking on the FIFO, reading /dev/zero) into a kill.
        let outcome = try CLIChild(arguments, timeout: 30).wait()
        #expect(outcome.status == 66, "\(arguments): \(outcome.stderr)")
        #expect(outcome.stderr.contains(special), "\(arguments)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(outcome.stderr)")
      }
    }
  }

  /// A regular file the process cannot open: mode 000 for a normal user; for root (who may
  /// read any mode), a write-only sysfs attribute, which refuses to open for reading.
  static func unreadableFile(in folder: TemporaryDirectory) throws -> String? {
    if getuid() != 0 {
      let path = folder.file("locked.jsonl.gz")
      try Data("x".utf8).write(to: URL(fileURLWithPath: path))
      chmod(path, 0)
      return path
    }
    let candidate = "/sys/bus/pci/rescan"
    let descriptor = open(candidate, O_RDONLY | O_NONBLOCK)
    guard descriptor < 0, errno == EACCES else {
      if descriptor >= 0 { close(descriptor) }
      return nil
    }
    return candidate
  }

  @Test("an input that cannot be opened for reading exits 66 (a missing input), not 74, one line on stderr")
  func unreadableInput() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-special")
    defer { folder.cleanUp() }
    // Root on a system without a write-only sysfs attribute has no such file: nothing to test.
    guard let unreadable = try Self.unreadableFile(in: folder) else { return }
    let snapshot = folder.file("snapshot.json")
    try Data(#"{"sections":[]}"#.utf8).write(to: URL(fileURLWithPath: snapshot))
    let commands = [
      ["replay", unreadable], ["inspect", unreadable], ["view", unreadable], ["redact", unreadable],
      ["diff", unreadable, snapshot], ["run", "books", "--fixture", unreadable],
      ["run", "books", "--live", "http://127.0.0.1:9", "--intents", unreadable],
      ["replay", "Fixtures/books/session.jsonl.gz", "--expect", unreadable],
    ]
    for arguments in commands {
      let outcome = try CLIChild(arguments, timeout: 30).wait()
      #expect(outcome.status == 66, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(unreadable), "\(arguments)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(outcome.stderr)")
    }
  }

  @Test("verify reports a FIFO named like a fixture instead of blocking on it")
  func verifyWithFIFO() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-special")
    defer { folder.cleanUp() }
    #expect(mkfifo(folder.file("pipe.jsonl.gz"), 0o600) == 0)
    try Data("golden\n".utf8).write(to: URL(fileURLWithPath: folder.file("pipe.log")))
    let outcome = try CLIChild(["verify", folder.path], timeout: 30).wait()
    #expect(outcome.status == 66, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("pipe.jsonl.gz: is a FIFO"))
  }
}
