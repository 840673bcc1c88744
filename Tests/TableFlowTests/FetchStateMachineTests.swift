import Testing

@testable import TableFlow

@Suite("FetchStateMachine")
struct FetchStateMachineTests {
  static let first = ScreenRequest.get("/a")
  static let second = ScreenRequest.get("/b")
  static func ok(_ text: String) -> TransportResponse {
    TransportResponse(status: 200, body: Array(text.utf8))
  }

  @Test("answers arriving out of order are released in request order")
  func requestOrder() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: [Self.first, Self.second]) == nil)
    #expect(machine.received(job: 1, index: 1, .success(Self.ok("b"))) == nil)
    #expect(
      machine.received(job: 1, index: 0, .success(Self.ok("a"))) == .complete([Self.ok("a"), Self.ok("b")]))
    #expect(machine.inFlight == 0)
  }

  @Test("a refused status is a network failure naming the request")
  func refusedStatus() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: [Self.first]) == nil)
    let refused = TransportResponse(status: 404, body: [])
    let action = machine.received(job: 1, index: 0, .success(refused))
    #expect(
      action
        == .fail(
          PipelineFailure(.network, stage: .fetch, "HTTP 404 for GET /a"), results: [.success(refused)]))
  }

  @Test("a screen may accept other statuses")
  func acceptedStatuses() {
    var machine = FetchStateMachine()
    let lenient = ScreenRequest(TransportRequest(path: "/login"), accepting: 200...499)
    #expect(machine.start(job: 1, requests: [lenient]) == nil)
    let response = TransportResponse(status: 401, body: [])
    #expect(machine.received(job: 1, index: 0, .success(response)) == .complete([response]))
  }

  @Test("the first failure in request order wins, whatever arrived first")
  func firstFailureInRequestOrder() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: [Self.first, Self.second]) == nil)
    let serverError = TransportResponse(status: 500, body: [])
    #expect(machine.received(job: 1, index: 1, .success(serverError)) == nil)
    let refused = TransportError(.unreachable, "connection refused")
    let action = machine.received(job: 1, index: 0, .failure(refused))
    #expect(
      action
        == .fail(
          PipelineFailure(.network, stage: .fetch, "GET /a: unreachable: connection refused"),
          results: [.failure(refused), .success(serverError)]))
  }

  @Test("cancellation settles the batch as cancelled")
  func cancellation() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: [Self.first]) == nil)
    #expect(machine.received(job: 1, index: 0, .failure(TransportError(.cancelled, "x"))) == .cancelled)
  }

  @Test("duplicate and unknown answers are ignored")
  func strayAnswers() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: [Self.first, Self.second]) == nil)
    #expect(machine.received(job: 1, index: 0, .success(Self.ok("a"))) == nil)
    #expect(machine.received(job: 1, index: 0, .success(Self.ok("again"))) == nil)
    #expect(machine.received(job: 2, index: 0, .success(Self.ok("other"))) == nil)
    #expect(machine.received(job: 1, index: 5, .success(Self.ok("out of range"))) == nil)
    #expect(
      machine.received(job: 1, index: 1, .success(Self.ok("b"))) == .complete([Self.ok("a"), Self.ok("b")]))
  }

  @Test("an empty batch settles at once")
  func emptyBatch() {
    var machine = FetchStateMachine()
    #expect(machine.start(job: 1, requests: []) == .complete([]))
  }
}
