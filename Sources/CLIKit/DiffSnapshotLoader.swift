import Foundation
import TableCore

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
  /// Besides what the JSON parser rejects, refuses a file over ``maximumBytes``, an object with
  /// the same key twice and an integer outside the 64-bit range (65).
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
    do {
      try JSONInputCheck.check(Array(data))
    } catch {
      throw Failure(message: "\(path):\(error.description)", exitCode: .dataError)
    }
    do {
      guard policy != .reject else { return try JSONDecoder().decode(TableSnapshot.self, from: data) }
      let sections = try JSONDecoder().decode(Sections.self, from: data).sections
      let built = try TableSnapshot.buildReporting(sections, policy: policy)
      for resolution in built.resolutions { report("\(path): \(resolution.line())") }
      return built.snapshot
    } catch let error as SnapshotError {
      throw Failure(message: "\(path): \(error.description)", exitCode: .dataError)
    } catch let error as DecodingError {
      throw Failure(message: "\(path):" + describe(error, in: data), exitCode: .dataError)
    } catch {
      throw Failure(message: "\(path): \(error)", exitCode: .dataError)
    }
  }

  /// `LINE:COLUMN: invalid JSON: …` for a syntax error, ` PATH: cause` for the rest.
  static func describe(_ error: DecodingError, in data: Data) -> String {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return syntaxError(in: data) ?? " invalid JSON: \(context.debugDescription)"
    case .dataCorrupted(let context):
      return " \(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return " \(path(context.codingPath + [key])): missing key \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let location = context.codingPath.isEmpty ? "top level" : path(context.codingPath)
      return " \(location): \(context.debugDescription)"
    @unknown default:
      return " \(error)"
    }
  }

  /// `sections[1].rows[0].id`.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "top level" : text
  }

  /// The position of a JSON syntax error, from Foundation's parser: `LINE:COLUMN: invalid
  /// JSON: cause (byte N)`, or `nil` when the parser gives no position.
  private static func syntaxError(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      let offset: Int
      if let range = detail.range(of: "around character "),
        let number = Int(detail[range.upperBound...].prefix { $0.isNumber })
      {
        offset = min(number, data.count)
      } else if detail.localizedCaseInsensitiveContains("end of file") {
        offset = data.count
      } else {
        return " invalid JSON: \(detail)"
      }
      var line = 1
      var column = 1
      for byte in data.prefix(offset) {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      var cause = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
      if let range = cause.range(of: " around character ") { cause = String(cause[..<range.lowerBound]) }
      cause = cause.prefix(1).lowercased() + cause.dropFirst()
      return "\(line):\(column): invalid JSON: \(cause) (byte \(offset))"
    }
  }
}
