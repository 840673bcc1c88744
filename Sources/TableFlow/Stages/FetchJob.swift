import TableCore

/// A batch of requests one screen wants answered together, and what the answers are for.
struct FetchJob: Sendable {
  /// Why the requests are sent.
  enum Purpose: Hashable, Sendable {
    case load(ScreenLoad)
    case more(SectionID)
    case send
  }

  /// Identifies the job within a pipeline.
  let id: Int
  /// The screen that wants the answers.
  let screen: ScreenRef
  /// The requests in order.
  let requests: [ScreenRequest]
  /// Why they are sent.
  let purpose: Purpose
  /// The intent that retries the job, as the error row shows it.
  let retryIntent: String
  /// Decodes one body into the screen's model.
  let decode: @Sendable ([UInt8]) throws -> any Sendable
}
