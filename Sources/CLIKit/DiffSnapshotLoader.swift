import FixtureKit
import Foundation
import TableCore
import TableFlow

/// Reads a snapshot in interchange JSON for `tableflow diff`, turning every failure into one
/// line that names the file and the position.
enum DiffSnapshotLoader {
  /// Why a snapshot file could not be used.
  struct Failure: Error {
    /// One line: file, position, cause.
    var message: String
    /// 66 for a file that cannot be read, 65 for bad content.
    var exitCode: ExitCode
  }

  /// The sections of a snapshot file, before validation.
  private struct Sections: Decodable {
    var sections: [Section]
  }

  /// The largest snapshot file `diff` reads (64 MiB: several times a 100,000-row snapshot).
  static let maximumBytes = 64 << 20

  /// Loads and validates the snapshot at `path`; under `keepFirst` or `disambiguate`, calls
  /// `report` with one line per duplicate dropped or renamed (`FILE: dropped duplicate row 'a'
  /// (section 0 row 1)`).
  ///
  /// Besides a syntax error (`FILE:LINE:COLUMN: invalid JSON: cause (byte N)`), refuses a file
  /// over ``maximumBytes``, an object with the same key twice and an integer outside the 64-bit
  /// range (65).
  /// - Throws: ``Failure``.
  static func load(
    _ path: String, maximumBytes: Int = maximumBytes, policy: DuplicateIDPolicy = .reject,
    report: (String) -> Void = { _ in }
  ) throws(Failure) -> TableSnapshot {
    do {
      try InputFile.requireRegularFile(path)
    } catch {
      throw Failure(message: error.message, exitCode: error.code)
    }
    let data: Data
    do {
      guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadUnknown) }
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()  // nil: an empty file
    } catch {
      throw Failure(message: "\(path): cannot be read", exitCode: .ioError)
    }
    guard data.count <= maximumBytes else {
      throw Failure(
        message: "\(path): larger than \(maximumBytes) bytes, the most diff reads", exitCode: .dataError)
    }
    let bytes = Array(data)
    do {
      try JSONInputCheck.check(bytes)
    } catch {
      throw Failure(message: "\(path):\(error.description)", exitCode: .dataError)
    }
    do {
      guard policy != .reject else {
        return try JSONDecoding.tableFlow.decode(TableSnapshot.self, from: bytes)
      }
      let sections = try JSONDecoding.tableFlow.decode(Sections.self, from: bytes).sections
      let built = try TableSnapshot.buildReporting(sections, policy: policy)
      for resolution in built.resolutions { report("\(path): \(resolution.line())") }
      return built.snapshot
    } catch let error as SnapshotError {
      throw Failure(message: "\(path): \(error.description)", exitCode: .dataError)
    } catch let error as DecodingError {
      throw Failure(message: "\(path):" + describe(error, in: bytes), exitCode: .dataError)
    } catch {
      throw Failure(message: "\(path): \(error)", exitCode: .dataError)
    }
  }

  /// `LINE:COLUMN: invalid JSON: cause (byte N)` for a syntax error, ` PATH: cause` for the rest.
  static func describe(_ error: DecodingError, in bytes: [UInt8]) -> String {
    DecodingErrorText.describe(error, in: bytes)
  }
}
