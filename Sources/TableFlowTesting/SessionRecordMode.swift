/// When ``assertSession(feed:named:fixture:intents:script:golden:parameters:expectedFailure:record:live:headers:redacting:environment:function:fileID:filePath:line:column:)``
/// records a session live instead of replaying it: named after what they do, as in snapshot
/// testing. (A struct, so that modes can be added.)
public struct SessionRecordMode: Hashable, Sendable, CustomStringConvertible {
  enum Kind: String, Hashable, Sendable, CaseIterable {
    case never, missing, failed, all
  }

  let kind: Kind

  /// Replay only (CI's mode, and the default): a session without a fixture is an error.
  /// `TABLEFLOW_RECORD=none` names it too, as the command line does.
  public static let never = SessionRecordMode(kind: .never)
  /// Record what the fixture lacks: a session without a fixture is recorded whole; one with a
  /// fixture replays it and sends only unrecorded requests live (the fixture is rewritten with
  /// them).
  public static let missing = SessionRecordMode(kind: .missing)
  /// Replay first; re-record the whole session live only when its log differs from the golden
  /// (or there is no fixture or golden yet).
  public static let failed = SessionRecordMode(kind: .failed)
  /// Re-record every session live.
  public static let all = SessionRecordMode(kind: .all)

  /// Every mode, in order: never, missing, failed, all.
  public static let allModes: [SessionRecordMode] = Kind.allCases.map { SessionRecordMode(kind: $0) }

  /// The mode named `name` (`never` or `none`, `missing`, `failed`, `all`), as
  /// `TABLEFLOW_RECORD` spells it.
  public init?(name: String) {
    if name == "none" {
      self = .never
    } else if let kind = Kind(rawValue: name) {
      self.kind = kind
    } else {
      return nil
    }
  }

  private init(kind: Kind) { self.kind = kind }

  /// The mode's name: `never`, `missing`, `failed` or `all`.
  public var description: String { kind.rawValue }

  /// Whether the mode may send requests live and write fixtures.
  public var records: Bool { kind != .never }
}
