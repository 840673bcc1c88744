import FixtureKit
import Foundation
import TableCore
import TableFlow

/// The content-addressed cache of passed sessions, `verify --cache DIR`.
///
/// A session's address is the SHA-256 of everything its verdict depends on: the fixture's,
/// the golden's and the `.expect` sidecar's bytes, the feed the fixture's header names, the
/// program and version that verifies (which holds the feeds' code), and whether `--strict` is
/// on. When a session passes, an entry `DIR/ADDRESS.json` records it; a later run finding the
/// entry reports the session `cached` without replaying it. Any change to any of those inputs
/// changes the address, so a stale entry is never found (delete the folder to reclaim space).
/// An entry that cannot be read back whole (not JSON, another address inside) is ignored with
/// a warning and the session is replayed: the cache can only skip work, never change a verdict.
struct VerifyCache {
  static let format = "tableflow-verify-cache"
  static let version = 1

  /// The cache's folder.
  var folder: String

  /// A session's inputs as read for its address.
  struct Inputs {
    var fixture: [UInt8]
    var golden: [UInt8]
    var expectation: [UInt8]?
    var feed: String
  }

  /// Creates the folder when it is missing.
  /// - Throws: `CommandFailure` (74) naming it when it cannot be created or is not a folder.
  init(folder: String) throws(CommandFailure) {
    self.folder = folder
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw CommandFailure(.ioError, "\(folder): --cache names a file, not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(.ioError, "\(folder): cannot create the cache folder")
    }
  }

  /// Reads a session's inputs, `nil` when one of them cannot be read (the session is then
  /// replayed, and reports the problem itself).
  static func inputs(of entry: VerifyPlan.Entry) -> Inputs? {
    // Regular files only: reading a FIFO would block the run.
    guard let fixturePath = entry.fixture, let goldenPath = entry.golden,
      [fixturePath, goldenPath, entry.expectation].allSatisfy({ $0.map(isRegularFile) ?? true }),
      let fixture = FileManager.default.contents(atPath: fixturePath),
      let golden = FileManager.default.contents(atPath: goldenPath)
    else { return nil }
    var expectation: [UInt8]?
    if let path = entry.expectation {
      guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
      expectation = Array(bytes)
    }
    let feed: String
    do {
      feed = try FixtureReader(bytes: Array(fixture), name: fixturePath).header.feed
    } catch {
      return nil
    }
    return Inputs(fixture: Array(fixture), golden: Array(golden), expectation: expectation, feed: feed)
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// The address of a session with `inputs`, verified by `tool` with `strict` or not.
  static func address(of inputs: Inputs, tool: String, strict: Bool) -> String {
    var digest = SHA256Digest()
    // Each part with its length first, so no two different sets of parts hash the same text.
    func add(_ label: String, _ bytes: [UInt8]) {
      digest.update("\(label) \(bytes.count)\n")
      digest.update(bytes)
      digest.update("\n")
    }
    add("\(format) \(version)", [])
    add("tool", Array(tool.utf8))
    add("strict", strict ? [1] : [0])
    add("feed", Array(inputs.feed.utf8))
    add("fixture", inputs.fixture)
    add("golden", inputs.golden)
    if let expectation = inputs.expectation { add("expect", expectation) } else { add("no-expect", []) }
    return digest.hexDigest()
  }

  private func path(_ address: String) -> String { folder + "/" + address + ".json" }

  /// The recorded duration (milliseconds) of the pass at `address`, or `nil` when there is
  /// none; an entry that cannot be read back is reported on `io` and treated as none.
  func lookUp(_ address: String, io: CommandIO) -> Double? {
    let file = path(address)
    var status = stat()
    guard lstat(file, &status) == 0 else { return nil }
    guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: file) else {
      io.fail("warning: \(file): not a regular file; ignored (the session is replayed)")
      return nil
    }
    struct Entry: Decodable {
      var format: String
      var version: Int
      var address: String
      var durationMilliseconds: Double
      enum CodingKeys: String, CodingKey {
        case format, version, address
        case durationMilliseconds = "duration_ms"
      }
    }
    guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.format == Self.format,
      entry.version == Self.version, entry.address == address, entry.durationMilliseconds.isFinite
    else {
      io.fail("warning: \(file): not a cache entry of this session; ignored (the session is replayed)")
      return nil
    }
    return max(0, entry.durationMilliseconds)
  }

  /// Records that the session at `address` (`fixture`) passed in `milliseconds`.
  /// - Throws: `CommandFailure` (74) when the entry cannot be written.
  func store(_ address: String, fixture: String, milliseconds: Double) throws(CommandFailure) {
    let entry = JSONValue.object([
      "format": .string(Self.format), "version": .integer(Self.version), "address": .string(address),
      "fixture": .string(fixture), "duration_ms": .number(milliseconds),
    ])
    try OutputFile.write((entry.text + "\n").utf8, to: path(address), inputs: [])
  }
}
