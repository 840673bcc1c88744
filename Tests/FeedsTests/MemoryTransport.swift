import Foundation
import TableFlow

/// Answers requests from memory: each relative URL (or, failing that, path) has a queue of
/// bodies, the last one repeating.
/// Records every request sent.
final class MemoryTransport: Transport, Sendable {
  private let state: Locked<State>

  private struct State {
    var bodies: [String: [String]]
    var sent: [TransportRequest] = []
  }

  init(_ bodies: [String: [String]]) {
    state = Locked(State(bodies: bodies))
  }

  var sent: [TransportRequest] { state.withLock { $0.sent } }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let body = state.withLock { state -> String? in
      state.sent.append(request)
      let key = state.bodies[request.relativeURL] != nil ? request.relativeURL : request.path
      guard var queue = state.bodies[key], let first = queue.first else { return nil }
      if queue.count > 1 { queue.removeFirst() }
      state.bodies[key] = queue
      return first
    }
    guard let body else { return TransportResponse(status: 404, body: Array("{}".utf8)) }
    return TransportResponse(status: 200, body: Array(body.utf8))
  }
}
