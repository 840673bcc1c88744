/// A failure inside the pipeline: which stage, what kind, and a one-line explanation.
///
/// Failures never stop the pipeline: each becomes a `failed` event and an error row in the
/// screen that caused it. The ``category`` says what a command-line tool should exit with.
public struct PipelineFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is, and the exit code it maps to.
  public var category: FailureCategory
  /// The stage where it happened.
  public var stage: PipelineStageName
  /// A one-line explanation naming what failed and why.
  public var message: String

  /// Creates a failure.
  public init(_ category: FailureCategory, stage: PipelineStageName, _ message: String) {
    self.category = category
    self.stage = stage
    self.message = message
  }

  /// `stage: category: message`.
  public var description: String { "\(stage): \(category): \(message)" }
}

/// The kind of a failure, ordered by severity: `data` < `network` < `internal`.
public enum FailureCategory: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Bad input data: malformed JSON, an invalid snapshot (duplicate ids), an intent naming a
  /// row or section that is not there. Exit code 65.
  case data = 1
  /// The backend could not be used: connection refused, timeout, a non-2xx status, a request
  /// missing from a replayed fixture. Exit code 69.
  case network = 2
  /// A bug or an unexpected state: a transform that throws, a changeset the headless table
  /// rejects. Exit code 70.
  case `internal` = 3

  /// The sysexits code a command-line tool exits with (65, 69 or 70).
  public var exitCode: Int32 {
    switch self {
    case .data: return 65
    case .network: return 69
    case .internal: return 70
    }
  }

  /// Orders by severity.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `data`, `network` or `internal`.
  public var description: String {
    switch self {
    case .data: return "data"
    case .network: return "network"
    case .internal: return "internal"
    }
  }
}

/// The pipeline's stages, as failures and logs name them.
public enum PipelineStageName: String, Hashable, Sendable, CustomStringConvertible {
  /// Sending requests through the transport.
  case fetch
  /// Decoding response bodies into the screen's model.
  case decode
  /// Turning models and screen state into a snapshot.
  case transform
  /// Applying changesets to the headless table.
  case present
  /// Interpreting intents and navigation.
  case navigation

  /// The stage's name.
  public var description: String { rawValue }
}
