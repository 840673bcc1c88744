/// One difference `tableflow drift` found between a recorded answer and the live one.
struct DriftFinding: Hashable, Sendable {
  /// How much a finding matters: errors fail the run, warnings fail it with `--strict`.
  enum Severity: String, Comparable, Sendable {
    case info, warning, error

    private var rank: Int {
      switch self {
      case .info: 0
      case .warning: 1
      case .error: 2
      }
    }

    static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// What differs.
  enum Kind: String, Sendable {
    /// The live answer has a field the recorded one lacks (info).
    case added
    /// The live answer lacks a field the recorded one has (warning).
    case removed
    /// A field holds another kind of value (error).
    case typeChanged = "type-changed"
    /// The live status differs from the recorded one (error).
    case statusChanged = "status-changed"
    /// A value differs (`--values` only; warning).
    case valueChanged = "value-changed"
    /// The request could not be sent as recorded, or failed (error).
    case requestFailed = "request-failed"
    /// The fixture was recorded longer ago than `--max-age` (error).
    case tooOld = "too-old"
    /// The fixture's header has no recording date, so `--max-age` cannot judge it (warning).
    case undated

    var severity: Severity {
      switch self {
      case .added: .info
      case .removed, .valueChanged, .undated: .warning
      case .typeChanged, .statusChanged, .requestFailed, .tooOld: .error
      }
    }
  }

  var kind: Kind
  /// Where in the body; `nil` for findings about the request or the fixture.
  var path: DriftPath?
  /// What the recording had there (a kind, a status, a value), if anything.
  var recorded: String?
  /// What the live answer has there.
  var live: String?

  var severity: Severity { kind.severity }

  /// `.books[].rating: type changed: number → string`, for people.
  var text: String {
    let place = path.map { "\($0): " } ?? ""
    switch kind {
    case .added: return place + "added" + (live.map { " (\($0))" } ?? "")
    case .removed: return place + "removed" + (recorded.map { " (was \($0))" } ?? "")
    case .typeChanged: return place + "type changed: \(recorded ?? "?") → \(live ?? "?")"
    case .statusChanged: return "status changed: \(recorded ?? "?") → \(live ?? "?")"
    case .valueChanged: return place + "value changed: \(recorded ?? "?") → \(live ?? "?")"
    case .requestFailed: return "request failed: \(live ?? "")"
    case .tooOld: return "recorded \(recorded ?? "?"), \(live ?? "")"
    case .undated: return live ?? "no recording date in the header"
    }
  }
}
