import FixtureKit

/// The order in which a recorded session applied its intents and answers, read from its
/// fixture, so that a replay applies them in exactly that order whatever the scheduling.
///
/// A recording writes each intent when the transform stage applied it, each batch's requests
/// when it started them, and each batch's answers when it applied them. Requests are numbered
/// from 0 in the order they were written, which is the order a replay starts them too.
public struct ReplayOrder: Hashable, Sendable {
  /// One thing the session applied.
  public enum Step: Hashable, Sendable {
    /// The next recorded intent.
    case intent
    /// The answers of the batch holding this request (numbered from 0 in recorded order).
    case answer(requestNumber: Int)
  }

  /// The steps in applied order.
  public let steps: [Step]

  /// The order recorded in `records`, or `nil` when every intent comes before every request:
  /// a fixture recorded before recordings kept the applied order, or a session whose intents
  /// all came before its first request. Such a session replays as a script: each intent once
  /// the previous one has settled.
  public init?(records: [FixtureRecord]) {
    var steps: [Step] = []
    var numbers: [Int: Int] = [:]
    var requested = false
    var interleaved = false
    for record in records {
      switch record.entry {
      case .intent:
        steps.append(.intent)
        if requested { interleaved = true }
      case .request:
        numbers[record.seq] = numbers.count
        requested = true
      case .response(let response):
        guard let number = numbers[response.request] else { continue }
        steps.append(.answer(requestNumber: number))
      case .error(let failure):
        guard let seq = failure.request, let number = numbers[seq] else { continue }
        steps.append(.answer(requestNumber: number))
      }
    }
    guard interleaved else { return nil }
    self.steps = steps
  }

  /// Creates an order from its steps.
  public init(steps: [Step]) {
    self.steps = steps
  }
}
