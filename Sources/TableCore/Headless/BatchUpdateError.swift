/// A staged changeset that UIKit would reject: the headless table's
/// `NSInternalInconsistencyException`.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is inconsistent, worded after UIKit's own messages
  /// ("invalid number of rows in section 2: …").
  public let message: String
  /// The index of the stage in its changeset, when known.
  public let stageIndex: Int?

  /// Creates an error.
  public init(_ message: String, stageIndex: Int? = nil) {
    self.message = message
    self.stageIndex = stageIndex
  }

  /// The same error, naming the stage it happened in.
  func inStage(_ index: Int) -> BatchUpdateError {
    BatchUpdateError(message, stageIndex: index)
  }

  /// `Invalid update: …`, with the stage when known.
  public var description: String {
    if let stageIndex { return "Invalid update in stage \(stageIndex): \(message)" }
    return "Invalid update: \(message)"
  }
}
