import Foundation
import TableCore

/// The per-session durations a full `verify --timings FILE` run writes (and `verify --merge
/// … --timings FILE` writes for all the shards), which a sharded run reads to balance its
/// shards (``VerifyPlan/entries(of:weights:)``).
///
/// The file is JSON, one session a line so that a change reads well in review:
///
/// ```
/// {"format":"tableflow-timings","version":1,"durations_ms":{
/// "books/paging.jsonl.gz":41.2,
/// "books/session.jsonl.gz":12.345
/// }}
/// ```
///
/// Keys are fixture paths relative to the folder verified, so the file holds whether the
/// folder is given as `Fixtures` or `./Fixtures/`. A file that cannot be read as this is
/// ignored with one warning: it only balances shards, so it never changes a verdict.
struct VerifyTimings: Equatable {
  static let format = "tableflow-timings"
  static let version = 1

  /// Milliseconds by fixture path relative to the folder.
  var milliseconds: [String: Double]

  /// The file's text: keys sorted, one a line.
  func text() -> String {
    let entries = milliseconds.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { key in
      JSONValue.string(key).text + ":" + JSONValue.number(milliseconds[key, default: 0]).text
    }
    let head =
      "{\"format\":\(JSONValue.string(Self.format).text),\"version\":\(Self.version),\"durations_ms\":{"
    return head + (entries.isEmpty ? "" : "\n" + entries.joined(separator: ",\n") + "\n") + "}}\n"
  }

  /// Reads a timings file's bytes.
  /// - Throws: `CommandFailure` (65) saying what is wrong, for the warning.
  static func parse(_ bytes: [UInt8]) throws(CommandFailure) -> VerifyTimings {
    struct File: Decodable {
      var format: String
      var version: Int
      var durations: [String: Double]
      enum CodingKeys: String, CodingKey {
        case format, version
        case durations = "durations_ms"
      }
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: Data(bytes))
    } catch {
      throw CommandFailure(.dataError, "not a timings file (invalid JSON or a missing field)")
    }
    guard file.format == format, file.version == version else {
      throw CommandFailure(
        .dataError,
        "format '\(TextEscaping.echoed(file.format))' version \(file.version), expected '\(format)' version \(version)"
      )
    }
    if let bad = file.durations.first(where: { !$0.value.isFinite || $0.value < 0 }) {
      throw CommandFailure(
        .dataError, "duration of '\(TextEscaping.echoed(bad.key))' is not a number of milliseconds")
    }
    return VerifyTimings(milliseconds: file.durations)
  }

  /// The timings at `path`, `nil` when there is no file (the first run) or, after one warning
  /// on `io`, when it cannot be read as timings.
  static func load(_ path: String, io: CommandIO) -> VerifyTimings? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do throws(CommandFailure) {
      try InputFile.requireRegularFile(path)
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandFailure(.ioError, "cannot read")
      }
      return try parse(Array(data))
    } catch {
      let cause =
        error.message.hasPrefix(path + ": ") ? String(error.message.dropFirst(path.count + 2)) : error.message
      io.fail("warning: \(path): \(cause); ignored (shards are balanced by fixture size)")
      return nil
    }
  }

  /// `path` relative to `folder` as `verify` lists it (the folder as given, then `/`).
  static func key(_ path: String, folder: String) -> String {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
