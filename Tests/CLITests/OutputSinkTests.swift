import CLIKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The standard output sink writes what it is given in order, however large: a write larger
/// than its buffer goes out after what the buffer holds, without being copied into it.
@Suite("file descriptor sink")
struct OutputSinkTests {
  @Test("small and large writes come out whole and in order")
  func largeWritesKeepOrder() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-sink")
    defer { folder.cleanUp() }
    let path = folder.file("out.txt")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    let sink = FileDescriptorSink(descriptor: descriptor)
    let large = String(repeating: "0123456789abcdef", count: 20_000) + "\n"  // 320 KB
    let pieces = ["first\n", large, "between\n", String(repeating: "x", count: 60_000), large, "last\n"]
    for (index, piece) in pieces.enumerated() {
      if index.isMultiple(of: 2) { sink.write(piece) } else { sink.write(bytes: Array(piece.utf8)) }
    }
    sink.flush()
    close(descriptor)
    #expect(sink.writeFailure == nil)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == pieces.joined())
  }

  @Test("a large write that fails is a write failure, as a small one is")
  func largeWriteFailure() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let sink = FileDescriptorSink(descriptor: descriptor)
    sink.write(String(repeating: "y", count: 1 << 18))
    #expect(sink.writeFailure != nil)
  }
}
