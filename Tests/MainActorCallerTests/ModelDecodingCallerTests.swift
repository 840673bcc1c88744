import TableFlow
import Testing

@Suite("ModelDecoding from the main actor")
struct ModelDecodingCallerTests {
  @Test("init(_:decode:) takes a decoding closure written in main-actor code")
  func customDecoding() {
    let decoding = ModelDecoding(Int.self) { body in body.count }
    #expect(decoding.description == "Int")
    #expect(decoding == ModelDecoding(Int.self))
  }
}
