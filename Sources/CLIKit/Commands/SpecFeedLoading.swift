import Feeds
import FixtureKit
import Foundation
import TableFlow

/// Loading spec feeds for `run --spec`, `replay --spec`, `feeds --spec` and for replaying a
/// fixture whose header names the spec it was recorded from.
enum SpecFeedLoading {
  /// The spec at `path`, checked.
  /// - Throws: `CommandFailure` 66 for a missing file, 65 for a spec with problems; every
  ///   problem but the last is printed here, one line each, and the last is the failure's.
  static func load(_ path: String, io: CommandIO) throws(CommandFailure) -> SpecFeed {
    do {
      return try SpecFeed(contentsOf: path)
    } catch {
      let lines = error.lines
      for line in lines.dropLast() { io.fail(line) }
      let missing = !FileManager.default.fileExists(atPath: path)
      throw CommandFailure(missing ? .noInput : .dataError, lines.last ?? "\(path): not a spec")
    }
  }

  /// The header's record of a spec feed.
  static func source(of feed: SpecFeed) -> FixtureHeader.SpecSource {
    FixtureHeader.SpecSource(file: feed.file, sha256: feed.contentHash)
  }

  /// The feed to replay `transport` with: `spec` when given, else the spec its header names
  /// (read from the path recorded, or beside the fixture), else `nil` (a feed by name).
  /// Warns, one line, when the spec's content differs from the one the fixture was recorded from.
  static func feed(
    replaying transport: ReplayTransport, spec: SpecFeed?, io: CommandIO
  ) throws(CommandFailure) -> SpecFeed? {
    let recorded = transport.header.spec
    let feed: SpecFeed
    if let spec {
      feed = spec
    } else if let recorded {
      feed = try load(locate(recorded.file, besides: transport.path), io: io)
    } else {
      return nil
    }
    if let recorded, recorded.sha256 != feed.contentHash {
      io.fail(
        "warning: \(transport.path): recorded from spec \(recorded.file) (sha256 \(recorded.sha256.prefix(12))…); "
          + "\(feed.file) has changed since (sha256 \(feed.contentHash.prefix(12))…)")
    }
    return feed
  }

  /// `file` as recorded when it exists from here, else the file of that name beside the fixture.
  private static func locate(_ file: String, besides fixture: String) -> String {
    if FileManager.default.fileExists(atPath: file) { return file }
    let beside = URL(fileURLWithPath: fixture).deletingLastPathComponent()
      .appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
    return FileManager.default.fileExists(atPath: beside) ? beside : file
  }
}
