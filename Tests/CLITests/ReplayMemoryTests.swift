import FixtureKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Replay and inspect keep recorded bodies out of memory: a fixture whose unused responses
/// inflate to 200 MB is replayed and inspected by a child whose peak resident set (from
/// `wait4`) stays under half of that.
@Suite("bounded replay and inspect memory", .timeLimit(.minutes(10)))
struct ReplayMemoryTests {
  static let bodyBytes = 1 << 20
  static let fillerResponses = 200

  /// The books session, followed by `fillerResponses` answered requests of 1 MiB bodies that
  /// the session never asks for.
  static func writeLargeFixture(to path: String) throws -> Int {
    let session = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz").path
    let source = try FixtureReader(path: session)
    let writer = try FixtureWriter(path: path, header: source.header, level: 1)
    for record in try source.readAll() { try writer.append(record.entry) }
    var body = [UInt8](repeating: UInt8(ascii: "a"), count: bodyBytes)
    for index in 0..<fillerResponses {
      // Different bytes in each body, so nothing could share storage.
      let stamp = Array("{\"index\":\(index),\"text\":\"".utf8)
      body.replaceSubrange(0..<stamp.count, with: stamp)
      body[bodyBytes - 2] = UInt8(ascii: "\"")
      body[bodyBytes - 1] = UInt8(ascii: "}")
      let request = try writer.append(.request(RecordedRequest(method: "GET", url: "/filler/\(index)")))
      try writer.append(.response(RecordedResponse(request: request, status: 200, body: body)))
    }
    try writer.finish()
    return writer.uncompressedBytes
  }

  /// Runs `tableflow arguments…` with standard output to /dev/null; returns its exit status
  /// and peak resident set in bytes, as the kernel reports them for this one child.
  ///
  /// The child is started by a small Python process and measured there: a child spawned
  /// straight from this test process would count this process's own peak (which the other
  /// tests running beside it raise), because Linux keeps the peak of the memory a spawned child
  /// shares with its parent until it calls exec.
  static func peakResidentSet(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
    let program = CLIProcess.binary.path
    let result = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-rss-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: result) }
    let script = """
      import resource, subprocess, sys
      r = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
      code = r.returncode if r.returncode >= 0 else 128 - r.returncode
      open(sys.argv[1], "w").write("%d %d" % (code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
      """
    let argv =
      (["/usr/bin/env", "python3", "-c", script, result, program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: result, encoding: .utf8)) ?? ""
    let parts = text.split(separator: " ").compactMap { Int($0) }
    guard parts.count == 2 else { throw POSIXError(.EIO) }
    return (Int32(parts[0]), parts[1] * 1024)  // ru_maxrss is in kilobytes on Linux
  }

  @Test("replay and inspect of a fixture inflating to 200 MB peak under half of that")
  func boundedMemory() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-memory")
    defer { folder.cleanUp() }
    let fixture = folder.file("large.jsonl.gz")
    // Minutes of blocking work under load: kept off the cooperative pool the other tests share.
    let inflated = try await runOffThePool { try Self.writeLargeFixture(to: fixture) }
    #expect(inflated > 200_000_000)
    let replay = try await runOffThePool { try Self.peakResidentSet(["replay", fixture]) }
    #expect(replay.status == 0)
    #expect(replay.bytes > 1_000_000, "the child was measured")
    let inspect = try await runOffThePool { try Self.peakResidentSet(["inspect", fixture]) }
    #expect(inspect.status == 0)
    // Under a sanitizer the shadow memory grows with every byte touched: only the statuses count.
    if !Sanitizers.active {
      #expect(replay.bytes < inflated / 2, "replay peaked at \(replay.bytes / 1_000_000) MB")
      #expect(inspect.bytes < inflated / 2, "inspect peaked at \(inspect.bytes / 1_000_000) MB")
    }
  }
}
