import Foundation
import TableFlow
import TestSupport
import Testing

@testable import CLIKit

@Suite(
  "verify --cache: passed sessions skipped until anything they depend on changes", .timeLimit(.minutes(5)))
struct VerifyCacheTests {
  static func folder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory(prefix: "verify-cache")
    try VerifyRun.copy("photos/session", into: folder, as: "a")
    try VerifyRun.copy("books/reviews-error", into: folder, as: "b")
    return folder
  }

  @Test("a second run reports passed sessions cached; a changed golden, sidecar or tool replays")
  func cached() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let cache = folder.path + "/cache/entries"
    let first = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache])
    #expect(first.code == .success)
    #expect(!first.out.contains("cached"))
    let second = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache, "--json", "-"])
    #expect(second.code == .success)
    #expect(second.err.contains("ok    \(folder.path)/a.jsonl.gz (cached)\n"))
    #expect(second.err.contains("ok    \(folder.path)/b.jsonl.gz (cached)\n"))
    #expect(second.err.contains("2 passed (2 cached), 0 failed\n"))
    #expect(second.out.split(separator: "\n").dropFirst().allSatisfy { $0.contains(#""status":"cached""#) })

    let golden = VerifyRun.read(folder.file("a.log"))
    try VerifyRun.write(golden + "extra\n", to: folder.file("a.log"))
    let changed = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache])
    #expect(changed.code == .goldenMismatch)
    #expect(changed.out.contains("FAIL  \(folder.path)/a.jsonl.gz: log differs"))
    #expect(changed.out.contains("ok    \(folder.path)/b.jsonl.gz (cached)"))
    try VerifyRun.write(golden, to: folder.file("a.log"))
    let restored = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache])
    #expect(restored.out.contains("ok    \(folder.path)/a.jsonl.gz (cached)"), "the old entry holds again")

    try VerifyRun.write("exit 69\nstderr HTTP 5\n", to: folder.file("b.expect"))
    let sidecar = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache])
    #expect(sidecar.out.contains("ok    \(folder.path)/b.jsonl.gz (exit 69, as expected)"), "replayed")

    let newer = try await VerifyRun.verify(
      [folder.path, "--cache", cache], tool: ToolIdentity(name: "tableflow", version: "99.0.0"))
    #expect(!newer.out.contains("cached"))
    let strict = try await VerifyRun.verify([folder.path, "--cache", cache, "--strict"])
    #expect(!strict.out.contains("cached"), "--strict is part of the address")
  }

  @Test("a corrupt cache entry is ignored with a warning and the session replayed")
  func corruptEntry() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let cache = folder.file("cache")
    _ = try await VerifyRun.verify([folder.path, "--cache", cache])
    let entries = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
    #expect(entries.count == 2)
    for entry in entries { try VerifyRun.write("{\"format\":", to: cache + "/" + entry) }
    let run = try await VerifyRun.verify([folder.path, "--jobs", "1", "--cache", cache])
    #expect(run.code == .success)
    #expect(!run.out.contains("cached"))
    let warnings = run.err.split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 2)
    #expect(
      warnings.allSatisfy {
        $0.hasSuffix("not a cache entry of this session; ignored (the session is replayed)")
      })
    let again = try await VerifyRun.verify([folder.path, "--cache", cache])
    #expect(again.out.hasSuffix("2 passed (2 cached), 0 failed\n"), "the replay wrote the entries anew")

    // A FIFO in the entry's place is never opened (reading it would block the run).
    let entry = cache + "/" + entries[0]
    try FileManager.default.removeItem(atPath: entry)
    #expect(mkfifo(entry, 0o644) == 0)
    let fifo = try await VerifyRun.verify([folder.path, "--cache", cache])
    #expect(fifo.code == .success)
    #expect(fifo.out.hasSuffix("2 passed (1 cached), 0 failed\n"))
    #expect(fifo.err.contains("not a regular file; ignored (the session is replayed)"))
  }

  @Test("a failing session is never cached")
  func failuresNotCached() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let cache = folder.file("cache")
    try VerifyRun.write("not the log\n", to: folder.file("a.log"))
    _ = try await VerifyRun.verify([folder.path, "--cache", cache])
    let again = try await VerifyRun.verify([folder.path, "--cache", cache])
    #expect(again.out.contains("FAIL  \(folder.path)/a.jsonl.gz"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1)
  }

  @Test("SHA-256 of the standard test vectors")
  func digest() {
    func hex(_ text: String) -> String {
      var digest = SHA256Digest()
      digest.update(text)
      return digest.hexDigest()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(String(repeating: "a", count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    // Fed in uneven pieces, the digest is the same as fed whole.
    var pieces = SHA256Digest()
    var generator = SeededGenerator(seed: 7)
    let message = Array(String(repeating: "a", count: 1000).utf8)
    var offset = 0
    while offset < message.count {
      let next = min(message.count, offset + Int.random(in: 0...150, using: &generator))
      pieces.update(Array(message[offset..<next]))
      offset = next
    }
    #expect(pieces.hexDigest() == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }
}
