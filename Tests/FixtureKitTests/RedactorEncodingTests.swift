import Foundation
import Testing

@testable import FixtureKit

/// Issue 17 item 6: a learned secret is scrubbed in every form it travels in.
@Suite("Redactor: every encoding of a secret")
struct RedactorEncodingTests {
  static let bearer = "Bearer SECRET123"

  /// A redactor that learned `Authorization: Bearer SECRET123` from the transport's headers.
  static func learned() -> Redactor {
    var redactor = Redactor()
    _ = redactor.redact(
      RecordedRequest(method: "GET", url: "/echo"), addedHeaders: [FixtureField("Authorization", bearer)])
    return redactor
  }

  static func echoed(_ body: String, redactor: inout Redactor) -> String {
    String(
      decoding: redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body,
      as: UTF8.self)
  }

  @Test(
    "base64 padded and not, standard and URL-safe; percent-encoded; JSON \\u escapes",
    arguments: [
      "QmVhcmVyIFNFQ1JFVDEyMw==", "QmVhcmVyIFNFQ1JFVDEyMw", "U0VDUkVUMTIz", "Bearer%20SECRET123",
      "Bearer+SECRET123", "\\u0053ECRET123", "SECRET\\u0031\\u00323",
      "\\u0042earer SECRET\\u0031\\u0032\\u0033",
    ])
  func encodings(form: String) {
    var redactor = Self.learned()
    let text = Self.echoed(#"{"echo":"x \#(form) y","n":1}"#, redactor: &redactor)
    #expect(!text.contains(form), "\(form) survived: \(text)")
    let decoded =
      (try? JSONDecoder().decode([String: JSONDifferentialValue].self, from: Data(text.utf8))) ?? [:]
    #expect(!"\(decoded)".contains("SECRET123"), "\(text)")
    #expect(text.contains(#""n":1"#))
  }

  @Test("a percent-encoded Basic header is scrubbed where its base64 alone is learned")
  func percentBasic() {
    var redactor = Redactor()
    let basic = "Basic " + Data("alice:PASSW0RD999".utf8).base64EncodedString()
    _ = redactor.redact(
      RecordedRequest(method: "GET", url: "/echo"), addedHeaders: [FixtureField("Authorization", basic)])
    let text = Self.echoed(#"{"u":"/x?h=Basic%20YWxpY2U6UEFTU1cwUkQ5OTk%3D"}"#, redactor: &redactor)
    #expect(!text.contains("YWxpY2U6UEFTU1cwUkQ5OTk"), "\(text)")
  }

  @Test("a JSON document inside a JSON string is redacted by name, and what it held is learned")
  func nestedDocument() {
    var redactor = Redactor()
    let text = Self.echoed(#"{"payload":"{\"token\":\"tok-abcdef-1\",\"id\":7}"}"#, redactor: &redactor)
    #expect(!text.contains("tok-abcdef-1"), "\(text)")
    #expect(text.contains(#"\"id\":7"#), "\(text)")
    let again = Self.echoed(#"{"later":"tok-abcdef-1"}"#, redactor: &redactor)
    #expect(!again.contains("tok-abcdef-1"))
  }

  @Test("multipart fields named like secrets, and passphrase, are redacted")
  func multipartAndPassphrase() {
    var redactor = Redactor()
    let body =
      "--XyZ\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nann\r\n"
      + "--XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter-22-pw\r\n--XyZ--\r\n"
    let request = redactor.redact(
      RecordedRequest(
        method: "POST", url: "/login",
        headers: [FixtureField("Content-Type", "multipart/form-data; boundary=XyZ")], body: Array(body.utf8)))
    let text = String(decoding: request.body ?? [], as: UTF8.self)
    #expect(!text.contains("hunter-22-pw"))
    #expect(text.contains("\r\n\r\nann\r\n") && text.contains("\r\n\r\nREDACTED\r\n--XyZ--"))
    #expect(Redaction.standard.isSecretName("walletPassphrase"))
    let json = Self.echoed(#"{"passphrase":"open sesame 7"}"#, redactor: &redactor)
    #expect(!json.contains("open sesame 7"))
  }

  @Test("an error record's message: learned secrets and JSON under secret names")
  func errorMessage() {
    let redactor = Self.learned()
    let failure = redactor.redact(
      RecordedFailure(
        request: 1, code: "status",
        message: #"POST /s → 401 for QmVhcmVyIFNFQ1JFVDEyMw==: {"password":"pw-in-message","n":1}"#))
    #expect(!failure.message.contains("pw-in-message"))
    #expect(!failure.message.contains("QmVhcmVyIFNFQ1JFVDEyMw"))
    #expect(failure.message.contains(#""n":1"#))
  }
}

/// Any JSON value, enough to read a redacted body back.
enum JSONDifferentialValue: Decodable, CustomStringConvertible {
  case text(String)
  case other

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    self = (try? single.decode(String.self)).map(Self.text) ?? .other
  }

  var description: String {
    if case .text(let text) = self { return text }
    return "other"
  }
}
