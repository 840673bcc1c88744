import Foundation

@testable import TableFlow

/// An in-memory backend for the test feed: `total` items served in pages, details, and
/// faults chosen per path. Each answer can be delayed by a few yields chosen per request, so
/// concurrent answers arrive out of order.
final class StubTransport: Transport {
  enum Fault: Sendable {
    case status(Int)
    case malformed
    case error(TransportError.Code)
  }

  private let state: Locked<State>

  private struct State {
    var titles: [String]
    var faults: [String: [Fault]] = [:]
    var sent: [TransportRequest] = []
  }

  init(total: Int = 5) {
    state = Locked(State(titles: (0..<total).map { "Item \($0)" }))
  }

  /// Replaces the items' titles.
  func setTitles(_ titles: [String]) { state.withLock { $0.titles = titles } }

  /// Fails the next request whose path is `path`.
  func fail(_ path: String, with fault: Fault) {
    state.withLock { $0.faults[path, default: []].append(fault) }
  }

  /// Every request sent so far.
  var sent: [TransportRequest] { state.withLock { $0.sent } }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let (fault, titles) = state.withLock { state -> (Fault?, [String]) in
      state.sent.append(request)
      let fault =
        state.faults[request.path]?.isEmpty == false ? state.faults[request.path]?.removeFirst() : nil
      return (fault, state.titles)
    }
    switch fault {
    case .status(let status)?: return TransportResponse(status: status, body: Array("{}".utf8))
    case .malformed?: return TransportResponse(status: 200, body: Array("{\"items\": [".utf8))
    case .error(let code)?: throw TransportError(code, "stubbed")
    case nil: break
    }
    if request.path == "/items" {
      let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
      let start = Int(query["start"] ?? "0") ?? 0
      let count = Int(query["count"] ?? "2") ?? 2
      let slice = titles.indices.dropFirst(start).prefix(count)
      let items = slice.map { "{\"id\":\"item-\($0)\",\"title\":\"\(titles[$0])\"}" }
      return json("{\"items\":[\(items.joined(separator: ","))],\"total\":\(titles.count)}")
    }
    if request.path.hasPrefix("/items/") {
      let id = String(request.path.dropFirst("/items/".count))
      return json("{\"id\":\"\(id)\",\"title\":\"About \(id)\",\"body\":\"Body of \(id)\"}")
    }
    return TransportResponse(status: 404, body: [])
  }

  private func json(_ text: String) -> TransportResponse {
    TransportResponse(
      status: 200, headers: [NameValue("Content-Type", "application/json")], body: Array(text.utf8))
  }
}
