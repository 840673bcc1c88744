import Foundation
import TableFlow

/// What ``assertSession(feed:named:fixture:intents:script:golden:parameters:expectedFailure:record:live:headers:redacting:environment:function:fileID:filePath:line:column:)``
/// does with the fixture: the record mode and where to record from.
public struct RecordSettings: Sendable {
  /// The record mode; see ``SessionRecordMode``.
  public var mode: SessionRecordMode
  /// The live base URL recording talks to, if any.
  public var live: String?

  /// Reads the mode from `record` or, when `nil`, from `TABLEFLOW_RECORD` (`never` when unset
  /// or empty), and the live URL from `live` or `TABLEFLOW_LIVE`.
  /// - Throws: ``SessionAssertionError`` for an unknown mode, or any mode but `never` when
  ///   `CI=true`: CI replays only.
  public init(
    record: SessionRecordMode? = nil, live: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SessionAssertionError) {
    if let record {
      mode = record
    } else if let name = environment["TABLEFLOW_RECORD"], !name.isEmpty {
      guard let parsed = SessionRecordMode(name: name) else {
        throw SessionAssertionError(
          "TABLEFLOW_RECORD must be never (or none), missing, failed or all (got '\(name)')")
      }
      mode = parsed
    } else {
      mode = .never
    }
    if mode.records && environment["CI"] == "true" {
      throw SessionAssertionError("record mode \(mode) is refused when CI=true: CI replays only")
    }
    self.live = live ?? environment["TABLEFLOW_LIVE"].flatMap { $0.isEmpty ? nil : $0 }
  }
}
