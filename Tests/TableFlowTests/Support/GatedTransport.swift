@testable import TableFlow

/// Passes requests to another transport, holding those that `holds` picks until `release()`
/// (or for ever, until cancelled: then it throws `.cancelled`). Reports each held request on
/// `held`.
final class GatedTransport: Transport {
  private let inner: any Transport
  private let holds: @Sendable (TransportRequest, Int) -> Bool
  private let state = Locked(State())
  let held: AsyncStream<TransportRequest>
  private let heldContinuation: AsyncStream<TransportRequest>.Continuation

  private struct State {
    var isOpen = false
    var sent = 0
    var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiter = 0
  }

  /// `holds(request, n)` decides for the `n`th request sent (from 0).
  init(_ inner: any Transport, holding holds: @escaping @Sendable (TransportRequest, Int) -> Bool) {
    self.inner = inner
    self.holds = holds
    (held, heldContinuation) = AsyncStream<TransportRequest>.makeStream()
  }

  /// Lets every held request (and every later one) through.
  func release() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for continuation in waiting { continuation.resume(returning: true) }
  }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let (isOpen, index) = state.withLock { state in
      defer { state.sent += 1 }
      return (state.isOpen, state.sent)
    }
    if !isOpen, holds(request, index) {
      heldContinuation.yield(request)
      let id = state.withLock { state in
        defer { state.nextWaiter += 1 }
        return state.nextWaiter
      }
      let released = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
          let resumeNow: Bool? = state.withLock { state in
            if state.isOpen { return true }
            if Task.isCancelled { return false }
            state.waiting[id] = continuation
            return nil
          }
          if let resumeNow { continuation.resume(returning: resumeNow) }
        }
      } onCancel: {
        state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: false)
      }
      if !released { throw TransportError(.cancelled, "the held request was cancelled") }
    }
    return try await inner.send(request)
  }
}
