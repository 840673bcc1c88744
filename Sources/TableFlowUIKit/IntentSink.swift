import TableFlow

/// Where a data source sends the intents of the user's actions: usually the pipeline's
/// `Pipeline.send(_:)`, or an array in a test.
///
/// The closure is called on the main actor (every UIKit event arrives there), so a controller
/// or a test passes main-actor code as it is.
public struct IntentSink {
  private let deliver: @MainActor (Intent) -> Void

  /// A sink that calls `send` for each intent, on the main actor.
  public init(_ send: @escaping @MainActor (Intent) -> Void) {
    deliver = send
  }

  /// A sink that sends each intent to `pipeline`.
  public static func pipeline(_ pipeline: Pipeline) -> IntentSink {
    IntentSink { pipeline.send($0) }
  }

  /// Sends `intent`.
  @MainActor
  public func send(_ intent: Intent) { deliver(intent) }
}
