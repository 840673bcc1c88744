import FixtureKit
import Foundation
import TestSupport
import Testing

/// `tableflow run` as a child process meeting signals and closed pipes: output already
/// produced is printed, a recording keeps its `.partial`, the fixture it would replace is
/// untouched. Each signal is sent when the child's output says it is ready, never after a sleep.
@Suite("signals and closed pipes")
struct SignalTests {
  static let marker = "> select book-1000003-rating\n"

  @Test(
    "SIGINT and SIGTERM print the log so far, keep the .partial and exit 130 or 143",
    .timeLimit(.minutes(5)), arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func interrupted(signal: Int32, status: Int32) async throws {
    let server = try APIServer()
    defer { server.stop() }
    // The reviews request hangs, so the child is still in the session when the signal comes.
    try await server.queueFault("slow=30000", count: 1, pathPrefix: "/v2/book/1000003/reviews")
    let folder = try TemporaryDirectory(prefix: "tableflow-signal")
    defer { folder.cleanUp() }
    let intents = folder.file("session.intents")
    try Data("load\nselect book-1000003-rating\n".utf8).write(to: URL(fileURLWithPath: intents))
    let target = folder.file("session.jsonl.gz")
    let original = Data("previous fixture".utf8)
    try original.write(to: URL(fileURLWithPath: target))
    let child = try CLIChild([
      "run", "books", "--live", server.baseURL.absoluteString, "--intents", intents, "--record", target,
    ])
    // The first intent's log is flushed before the second intent is handled.
    #expect(child.readStdout(until: Self.marker))
    child.send(signal)
    let outcome = child.wait()
    #expect(outcome.status == status, "\(outcome.stderr)")
    #expect(outcome.stdout.hasPrefix("> load\n"))
    #expect(outcome.stdout.contains(Self.marker))
    #expect(outcome.stdout.hasSuffix("\n"))
    #expect(outcome.stderr.hasPrefix("tableflow: interrupted by SIG"))
    #expect(outcome.stderr.contains(target + ".partial"))
    #expect(FileManager.default.contents(atPath: target) == original)
    // A complete fixture holding the session up to the signal: everything the log showed.
    let records = try FixtureReader(path: target + ".partial").readAll()
    #expect(records.first?.entry == .intent("load"))
    #expect(records.contains { $0.entry == .intent("select book-1000003-rating") })
  }

  @Test("on a terminal every log line is written at once, not only once per intent", .timeLimit(.minutes(5)))
  func terminalLines() async throws {
    let server = try APIServer()
    defer { server.stop() }
    try await server.queueFault("slow=30000", count: 1, pathPrefix: "/v2/book/1000003/reviews")
    let folder = try TemporaryDirectory(prefix: "tableflow-terminal")
    defer { folder.cleanUp() }
    let intents = folder.file("session.intents")
    try Data("load\nselect book-1000003-rating\n".utf8).write(to: URL(fileURLWithPath: intents))
    let child = try CLIChild(
      ["run", "books", "--live", server.baseURL.absoluteString, "--intents", intents], terminal: true)
    // The reviews screen's loading state follows the intent line while its request hangs:
    // only a line-buffered log shows it before the session ends.
    #expect(child.readStdout(until: Self.marker))
    #expect(child.readStdout(until: "Loading…"))
    #expect(child.isRunning)
    child.send(SIGTERM)
    let outcome = child.wait()
    #expect(outcome.status == 143, "\(outcome.stderr)")
  }

  @Test(
    "a closed stdout (run … | head) does not kill a recording: it completes and exits 0",
    .timeLimit(.minutes(5)))
  func closedPipe() throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "tableflow-sigpipe")
    defer { folder.cleanUp() }
    let intents = folder.file("session.intents")
    try Data(SessionCommandTests.booksIntents.utf8).write(to: URL(fileURLWithPath: intents))
    let target = folder.file("session.jsonl.gz")
    // --full makes the log (about 90 KB) outgrow a pipe's buffer, so the child is still
    // writing when the reader goes away.
    let child = try CLIChild([
      "run", "books", "--full", "--live", server.baseURL.absoluteString, "--intents", intents,
      "--record", target,
    ])
    #expect(child.readStdout(until: "> load-more wish\n"))
    child.closeStdout()
    let outcome = child.wait(readingRest: false)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.isEmpty)
    let records = try FixtureReader(path: target).readAll()
    #expect(records.last { if case .intent = $0.entry { true } else { false } }?.entry == .intent("refresh"))
    #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
  }
}
