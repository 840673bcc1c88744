extension PipelineEvent {
  /// The kind of a ``PipelineEvent``: compare with `==`, or `switch` over the static members
  /// with a `default:` (kinds can be added in any release without breaking that code).
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name, as the static member is spelled (`presented`).
    public let name: String

    private init(name: String) {
      self.name = name
    }

    /// See ``PipelineEvent/intentSent(_:)``.
    public static let intentSent = Kind(name: "intentSent")
    /// See ``PipelineEvent/intentReceived(_:screen:)``.
    public static let intentReceived = Kind(name: "intentReceived")
    /// See ``PipelineEvent/intentIgnored(_:screen:reason:)``.
    public static let intentIgnored = Kind(name: "intentIgnored")
    /// See ``PipelineEvent/requestStarted(_:)``.
    public static let requestStarted = Kind(name: "requestStarted")
    /// See ``PipelineEvent/requestCancelled(_:reason:)``.
    public static let requestCancelled = Kind(name: "requestCancelled")
    /// See ``PipelineEvent/responseReceived(_:)``.
    public static let responseReceived = Kind(name: "responseReceived")
    /// See ``PipelineEvent/decoded(_:)``.
    public static let decoded = Kind(name: "decoded")
    /// See ``PipelineEvent/responsesApplied(_:)``.
    public static let responsesApplied = Kind(name: "responsesApplied")
    /// See ``PipelineEvent/snapshotBuilt(_:)``.
    public static let snapshotBuilt = Kind(name: "snapshotBuilt")
    /// See ``PipelineEvent/presented(_:)``.
    public static let presented = Kind(name: "presented")
    /// See ``PipelineEvent/cellsUpdated(_:)``.
    public static let cellsUpdated = Kind(name: "cellsUpdated")
    /// See ``PipelineEvent/navigated(_:)``.
    public static let navigated = Kind(name: "navigated")
    /// See ``PipelineEvent/failed(_:screen:)``.
    public static let failed = Kind(name: "failed")
    /// See ``PipelineEvent/settled(through:)``.
    public static let settled = Kind(name: "settled")
    /// See ``PipelineEvent/duplicatesResolved(_:screen:)``.
    public static let duplicatesResolved = Kind(name: "duplicatesResolved")

    /// Every kind this version knows, in the order the documentation lists them.
    public static let all: [Kind] = [
      .intentSent, .intentReceived, .intentIgnored, .requestStarted, .requestCancelled,
      .responseReceived, .decoded, .responsesApplied, .snapshotBuilt, .presented, .cellsUpdated,
      .navigated, .failed, .settled, .duplicatesResolved,
    ]

    init(_ payload: Payload) {
      switch payload {
      case .intentSent: self = .intentSent
      case .intentReceived: self = .intentReceived
      case .intentIgnored: self = .intentIgnored
      case .requestStarted: self = .requestStarted
      case .requestCancelled: self = .requestCancelled
      case .responseReceived: self = .responseReceived
      case .decoded: self = .decoded
      case .responsesApplied: self = .responsesApplied
      case .snapshotBuilt: self = .snapshotBuilt
      case .presented: self = .presented
      case .cellsUpdated: self = .cellsUpdated
      case .navigated: self = .navigated
      case .failed: self = .failed
      case .settled: self = .settled
      case .duplicatesResolved: self = .duplicatesResolved
      }
    }

    /// The name.
    public var description: String { name }
  }
}
