import Testing

@testable import FixtureKit

/// A learned secret inside the base64 of a longer text (issue 17 item 6): the secret's own
/// encoded forms are not in it, since its place in the text shifts the alphabet.
@Suite("Redactor: base64 of a longer text holding a secret")
struct RedactorEncodedRunTests {
  static func base64(_ text: String, urlSafe: Bool = false) -> String {
    let buffer = ByteBuffer(capacity: text.utf8.count * 2 + 8)
    var copy = text
    copy.withUTF8 { JSONText.appendBase64($0, to: buffer) }
    let encoded = String(decoding: UnsafeRawBufferPointer(buffer.live), as: UTF8.self)
    guard urlSafe else { return encoded }
    return String(
      encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").prefix {
        $0 != "="
      })
  }

  static func redactor() -> Redactor {
    var redactor = Redactor()
    _ = redactor.redact(
      RecordedRequest(method: "GET", url: "/echo"),
      addedHeaders: [FixtureField("Authorization", "Bearer SECRET123xyz")])
    return redactor
  }

  @Test("the base64 of a text holding the secret is redacted, in either alphabet, after a prefix")
  func encodedRunRedacted() {
    var redactor = Self.redactor()
    let blobs = [
      Self.base64("user=alice&token=SECRET123xyz&x=1"),
      Self.base64("{\"session\":{\"t\":\"SECRET123xyz\"}}", urlSafe: true),
      "token-" + Self.base64("a,SECRET123xyz", urlSafe: true),
    ]
    for blob in blobs {
      let body = #"{"blob":"\#(blob)","n":1}"#
      let output = String(
        decoding: redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body,
        as: UTF8.self)
      #expect(!output.contains(blob), "\(blob) survived: \(output)")
      #expect(output.contains("REDACTED") && output.contains(#""n":1"#))
    }
  }

  @Test("base64 and words that hold no secret are left alone")
  func otherRunsKept() {
    var redactor = Self.redactor()
    let body = #"{"blob":"\#(Self.base64("nothing to see here, 12345"))","words":"Lorem ipsum dolorsitamet"}"#
    let output = redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body
    #expect(output == Array(body.utf8))
  }
}
