import Foundation
import Testing

@testable import TableFlow

@Suite("DecodeStateMachine")
struct DecodeStateMachineTests {
  static func received(_ body: String) -> ReceivedResponse {
    ReceivedResponse(
      request: TransportRequest(path: "/items", query: [NameValue("start", "0")]),
      response: TransportResponse(status: 200, body: Array(body.utf8)))
  }

  static func decodePage(_ body: [UInt8]) throws -> ItemPage {
    try JSONDecoder().decode(ItemPage.self, from: Data(body))
  }

  static func failure(_ body: String) -> PipelineFailure? {
    if case .failure(let failure) = DecodeStateMachine().decode([received(body)], with: decodePage) {
      return failure
    }
    return nil
  }

  @Test("bodies decode in request order")
  func decodesInOrder() throws {
    let machine = DecodeStateMachine()
    let action = machine.decode(
      [Self.received(#"{"items":[],"total":1}"#), Self.received(#"{"items":[],"total":2}"#)],
      with: Self.decodePage)
    guard case .success(let models) = action else {
      Issue.record("expected models")
      return
    }
    #expect(models.map(\.total) == [1, 2])
  }

  @Test("malformed JSON is a data failure naming the request")
  func malformed() throws {
    let failure = try #require(Self.failure(#"{"items": ["#))
    #expect(failure.category == .data)
    #expect(failure.stage == .decode)
    #expect(
      failure.message == "malformed JSON in response to GET /items?start=0, byte 11: unexpected end of input")
  }

  @Test("a syntax error names its byte offset, counting UTF-8 bytes")
  func byteOffset() throws {
    let failure = try #require(Self.failure("{\"中文\":\n 1,, }"))
    #expect(failure.message == "malformed JSON in response to GET /items?start=0, byte 14: invalid value")
  }

  @Test("a wrong type names the coding path")
  func codingPath() throws {
    let failure = try #require(Self.failure(#"{"items":[{"id":"a","title":7}],"total":1}"#))
    #expect(failure.message.contains("at items[0].title"))
    #expect(failure.message.hasPrefix("expected String"))
  }

  @Test("a missing key is named")
  func missingKey() throws {
    let failure = try #require(Self.failure(#"{"items":[]}"#))
    #expect(failure.message.hasPrefix("missing key 'total' in response to GET /items?start=0"))
  }

  @Test("coding paths read as a reader writes them")
  func pathText() {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int?
      init(stringValue: String) { self.stringValue = stringValue }
      init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
      }
    }
    let path: [any CodingKey] = [Key(stringValue: "a"), Key(intValue: 2), Key(stringValue: "b")]
    #expect(DecodeStateMachine.codingPath(path) == "a[2].b")
  }
}
