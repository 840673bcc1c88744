import FixtureKit
import TableFlow
import Testing

@testable import CLIKit

@Suite("drift: recorded requests made ready to send again")
struct DriftRequestTests {
  @Test("method, path, query, headers and body go as recorded")
  func asRecorded() {
    let recorded = RecordedRequest(
      method: "POST", url: "/v2/book/1%2F2/reviews?start=0&q=a%20b",
      headers: [FixtureField("Accept", "application/json")],
      body: Array(#"{"n":1}"#.utf8))
    guard case .send(let request) = DriftRequest.prepare(recorded, transportAdds: []) else {
      Issue.record("not sent")
      return
    }
    #expect(request.method == "POST")
    #expect(request.path == "/v2/book/1%2F2/reviews")
    #expect(request.query == [NameValue("start", "0"), NameValue("q", "a b")])
    #expect(request.headers == [NameValue("Accept", "application/json")])
    #expect(request.body == Array(#"{"n":1}"#.utf8))
  }

  @Test("a redacted header the transport adds is dropped; any other redacted value skips the request")
  func redacted() {
    let header = RecordedRequest(method: "GET", url: "/a", headers: [FixtureField("X-Api-Key", "REDACTED")])
    guard case .send(let request) = DriftRequest.prepare(header, transportAdds: [NameValue("x-api-key", "k")])
    else {
      Issue.record("not sent")
      return
    }
    #expect(request.headers.isEmpty)
    #expect(DriftRequest.prepare(header, transportAdds: []) != .send(request))
    let body = RecordedRequest(
      method: "POST", url: "/api/session", body: Array(#"{"password":"REDACTED"}"#.utf8))
    #expect(
      DriftRequest.prepare(body, transportAdds: []) == .skip("its recorded body holds a redacted value"))
    let odd = RecordedRequest(method: "GET", url: "no-slash")
    #expect(DriftRequest.prepare(odd, transportAdds: []) == .skip("its recorded URL is not a path and query"))
  }
}
