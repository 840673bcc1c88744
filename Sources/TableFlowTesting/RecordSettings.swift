import Foundation
import TableFlow

/// What ``assertSession(feed:fixture:intents:golden:parameters:record:live:environment:filePath:sourceLocation:)``
/// does with the fixture: the record mode and where to record from.
public struct RecordSettings: Sendable {
  /// The record mode: `none` replays only; `missing` replays what the fixture has and
  /// records the rest live (the whole session when there is no fixture); `all` records
  /// everything live.
  public var mode: RecordMode
  /// The live base URL recording talks to, if any.
  public var live: String?

  /// Reads the mode from `record` or, when `nil`, from `TABLEFLOW_RECORD` (default `none`),
  /// and the live URL from `live` or `TABLEFLOW_LIVE`.
  /// - Throws: ``SessionAssertionError`` for an unknown mode, or any mode but `none` when
  ///   `CI=true`: CI replays only.
  public init(
    record: RecordMode? = nil, live: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SessionAssertionError) {
    if let record {
      mode = record
    } else if let name = environment["TABLEFLOW_RECORD"], !name.isEmpty {
      guard let parsed = RecordMode(rawValue: name) else {
        throw SessionAssertionError("TABLEFLOW_RECORD must be none, missing or all (got '\(name)')")
      }
      mode = parsed
    } else {
      mode = .none
    }
    if mode != .none && environment["CI"] == "true" {
      throw SessionAssertionError("record mode \(mode.rawValue) is refused when CI=true: CI replays only")
    }
    self.live = live ?? environment["TABLEFLOW_LIVE"].flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// Why a session assertion could not run (as opposed to a log that differs, which is an
/// issue recorded in the test).
public struct SessionAssertionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The one-line explanation.
  public var description: String

  /// Creates an error with its explanation.
  public init(_ description: String) { self.description = description }
}
