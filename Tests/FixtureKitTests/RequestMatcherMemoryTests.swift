import Testing

@testable import FixtureKit

/// What a replay's matcher keeps of the exchanges it served (issue 17 item 9): a long session
/// must not hold every answer, header and body it replayed.
@Suite("RequestMatcher: used exchanges let go")
struct RequestMatcherMemoryTests {
  static func records(count: Int) -> [FixtureRecord] {
    (0..<count).flatMap { index -> [FixtureRecord] in
      let seq = index * 2 + 1
      return [
        FixtureRecord(
          seq: seq,
          entry: .request(
            RecordedRequest(method: "GET", url: "/api/profile", headers: [FixtureField("Accept", "x")]))),
        FixtureRecord(
          seq: seq + 1,
          entry: .response(
            RecordedResponse(request: seq, status: 200, body: Array(repeating: 65, count: 4096)))),
      ]
    }
  }

  @Test(
    "a used exchange keeps neither its answer nor its request's headers and body; identical ones stay in order"
  )
  func usedExchangesLetGo() throws {
    var matcher = RequestMatcher(records: Self.records(count: 1000))
    for index in 0..<999 {
      guard
        case .response(let response) = matcher.answer(to: RecordedRequest(method: "GET", url: "/api/profile"))
      else {
        Issue.record("exchange \(index) was not answered")
        return
      }
      #expect(response.request == index * 2 + 1)
    }
    let kept = matcher.exchanges.prefix(999)
    #expect(kept.allSatisfy { if case .served? = $0.answer { true } else { false } })
    #expect(kept.allSatisfy { $0.request.headers.isEmpty && $0.request.body == nil })
    #expect(matcher.unusedRequests.count == 1)
    #expect(matcher.unusedRequests.first?.headers == [FixtureField("Accept", "x")])
    // Every identical one used: the message counts them.
    _ = matcher.answer(to: RecordedRequest(method: "GET", url: "/api/profile"))
    guard
      case .unmatched(let message) = matcher.answer(to: RecordedRequest(method: "GET", url: "/api/profile"))
    else {
      Issue.record("a 1001st identical request was answered")
      return
    }
    #expect(message.contains("all 1000 recorded answers"))
  }
}
