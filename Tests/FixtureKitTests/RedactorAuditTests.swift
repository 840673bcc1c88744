import Foundation
import Testing

@testable import FixtureKit

/// Issue 17 item 6, audited example by example: each form the issue names (and its near
/// variants) is planted where a backend could echo it, and must not survive, neither as
/// written nor once the JSON is decoded.
@Suite("Redactor: the issue's examples, audited")
struct RedactorAuditTests {
  static func redactor(adding headers: [FixtureField]) -> Redactor {
    var redactor = Redactor()
    _ = redactor.redact(RecordedRequest(method: "GET", url: "/echo"), addedHeaders: headers)
    return redactor
  }

  static func echoed(_ body: String, _ redactor: inout Redactor) -> String {
    String(
      decoding: redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body,
      as: UTF8.self)
  }

  /// The text and, when it is JSON, every string in it decoded.
  static func readable(_ text: String) -> String {
    let decoded = Array(text.utf8).withUnsafeBufferPointer { JSONUnescaper.text($0) }
    return text + "\n" + decoded
  }

  @Test(
    "the base64 of a --header value, padded or not, standard or URL-safe",
    arguments: [
      ("Bearer tok>>?~~x9", "QmVhcmVyIHRvaz4+P35+eDk="), ("Bearer tok>>?~~x9", "QmVhcmVyIHRvaz4+P35+eDk"),
      ("Bearer tok>>?~~x9", "QmVhcmVyIHRvaz4-P35-eDk="), ("Bearer tok>>?~~x9", "QmVhcmVyIHRvaz4-P35-eDk"),
      ("Bearer a?b>c~d/e", "QmVhcmVyIGE/Yj5jfmQvZQ=="), ("Bearer a?b>c~d/e", "QmVhcmVyIGE_Yj5jfmQvZQ"),
      ("Bearer a?b>c~d/e", #"QmVhcmVyIGE\/Yj5jfmQvZQ=="#),
      ("Bearer SECRET123", "QmVhcmVyIFNFQ1JFVDEyMw%3D%3D"),
    ])
  func headerBase64(header: String, form: String) {
    var redactor = Self.redactor(adding: [FixtureField("Authorization", header)])
    let text = Self.echoed(#"{"h":"seen \#(form) here","n":1}"#, &redactor)
    let plain = form.replacingOccurrences(of: #"\/"#, with: "/")
    #expect(!Self.readable(text).contains(plain), "\(form) survived: \(text)")
    #expect(text.contains(#""n":1"#))
  }

  @Test(
    "JSON \\u copies, matched on decoded string values (keys, values, requests)",
    arguments: [
      #"{"echo":"\u0053\u0045CRET123"}"#, #"{"\u0074oken":"tok-value-77"}"#,
      #"{"a":{"b":["x","Bearer \u0053ECRET123"]}}"#, #"{"t\u006fken":["tok-value-77"]}"#,
      #"{"e":"SECRET\u00312\u0033 and SECRET\u0031\u00323"}"#,
    ])
  func unicodeEscapes(body: String) {
    var redactor = Self.redactor(adding: [FixtureField("Authorization", "Bearer SECRET123")])
    let text = Self.echoed(body, &redactor)
    #expect(
      !Self.readable(text).contains("SECRET123") && !Self.readable(text).contains("tok-value-77"), "\(text)")
    var requests = Self.redactor(adding: [FixtureField("Authorization", "Bearer SECRET123")])
    let request = requests.redact(
      RecordedRequest(
        method: "POST", url: "/a", headers: [FixtureField("Content-Type", "application/json")],
        body: Array(body.utf8)))
    let sent = String(decoding: request.body ?? [], as: UTF8.self)
    #expect(
      !Self.readable(sent).contains("SECRET123") && !Self.readable(sent).contains("tok-value-77"), "\(sent)")
  }

  @Test(
    "the percent-encoded Basic header, in a body, a URL and a response header",
    arguments: [
      "Basic%20YWxpY2U6UEFTU1cwUkQ5OTk%3D", "Basic%20YWxpY2U6UEFTU1cwUkQ5OTk%3d",
      "Basic+YWxpY2U6UEFTU1cwUkQ5OTk%3D",
      "Basic%2520YWxpY2U6UEFTU1cwUkQ5OTk%253D", "alice%3APASSW0RD999", "alice:PASSW0RD999",
    ])
  func percentEncodedBasic(form: String) {
    let basic = "Basic " + Data("alice:PASSW0RD999".utf8).base64EncodedString()
    var redactor = Self.redactor(adding: [FixtureField("Authorization", basic)])
    let body = Self.echoed(#"{"u":"/x?h=\#(form)&n=1"}"#, &redactor)
    let url = redactor.redactURL("/echo?h=\(form)&n=1")
    let header = redactor.redact(
      RecordedResponse(request: 1, status: 302, headers: [FixtureField("Location", "/x?h=\(form)")], body: [])
    )
    for output in [body, url, header.headers[0].value] {
      #expect(!output.contains("YWxpY2U6UEFTU1cwUkQ5OTk") && !output.contains("PASSW0RD999"), "\(output)")
    }
    #expect(url.hasSuffix("&n=1"))
  }

  @Test("the cookies the client sends: each value is learned, attributes of a Set-Cookie are not")
  func cookies() {
    var redactor = Self.redactor(adding: [FixtureField("Cookie", "sid=sess-abc-123; theme=midnight-blue")])
    let text = Self.echoed(
      #"{"echo":"sess\u002dabc-123","b64":"c2Vzcy1hYmMtMTIz","t":"midnight-blue"}"#, &redactor)
    #expect(!Self.readable(text).contains("sess-abc-123") && !text.contains("c2Vzcy1hYmMtMTIz"), "\(text)")
    #expect(!text.contains("midnight-blue"), "every cookie value is a secret: \(text)")
    // A cookie the backend sets: its value is learned, its attributes (a date, a path) are not.
    var other = Redactor()
    _ = other.redact(
      RecordedResponse(
        request: 1, status: 200,
        headers: [
          FixtureField(
            "Set-Cookie", "sid=set-by-server-9; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/account")
        ], body: []))
    let later = Self.echoed(
      #"{"e":"set-by-server-9","d":"Wed, 21 Oct 2026 07:28:00 GMT","p":"/account"}"#, &other)
    #expect(!later.contains("set-by-server-9"), "\(later)")
    #expect(later.contains("Wed, 21 Oct 2026 07:28:00 GMT") && later.contains("/account"), "\(later)")
    // A cookie header the request itself carries (a feed's own header), learned the same way.
    var feed = Redactor()
    _ = feed.redact(
      RecordedRequest(method: "GET", url: "/a", headers: [FixtureField("Cookie", "k=feed-cookie-5")]))
    #expect(!Self.echoed(#"{"e":"feed-cookie-5"}"#, &feed).contains("feed-cookie-5"))
  }

  @Test(
    "a JSON document inside a JSON string, nested, in arrays, in requests",
    arguments: [
      #"{"payload":"{\"token\":\"inner-tok-1\"}"}"#,
      #"{"payload":"{\"data\":\"{\\\"password\\\":\\\"inner-tok-1\\\"}\"}"}"#,
      #"{"list":["[{\"api_key\":\"inner-tok-1\"}]"]}"#, #"{"p":" \n{\"secret\": \"inner-tok-1\"}"}"#,
      #"{"p":"{\"t\\u006fken\":\"inner-tok-1\"}"}"#,
    ])
  func nestedDocuments(body: String) {
    var redactor = Redactor()
    let text = Self.echoed(body, &redactor)
    #expect(!Self.readable(Self.readable(text)).contains("inner-tok-1"), "\(text)")
    var requests = Redactor()
    let request = requests.redact(
      RecordedRequest(
        method: "POST", url: "/a", headers: [FixtureField("Content-Type", "application/json")],
        body: Array(body.utf8)))
    let sent = String(decoding: request.body ?? [], as: UTF8.self)
    #expect(!Self.readable(Self.readable(sent)).contains("inner-tok-1"), "\(sent)")
  }

  @Test(
    "multipart form fields named like secrets, however the part's header is written",
    arguments: [
      "Content-Disposition: form-data; name=\"password\"",
      "Content-Disposition: form-data; filename=\"a.txt\"; name=\"password\"",
      "content-disposition: form-data; NAME=\"Wallet_Passphrase\"",
      "Content-Disposition: form-data; name=password",
      "Content-Type: text/plain\r\nContent-Disposition: form-data; name=\"api_key\"",
      "Content-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json",
    ])
  func multipart(partHeader: String) {
    let content =
      partHeader.contains("meta") ? #"{"token":"multi-secret-1"}"# : "multi-secret-1"
    let body =
      "--b0\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nann\r\n"
      + "--b0\r\n\(partHeader)\r\n\r\n\(content)\r\n--b0--\r\n"
    var redactor = Redactor()
    let request = redactor.redact(
      RecordedRequest(
        method: "POST", url: "/upload",
        headers: [FixtureField("Content-Type", "multipart/form-data; boundary=\"b0\"")],
        body: Array(body.utf8)))
    let text = String(decoding: request.body ?? [], as: UTF8.self)
    #expect(!text.contains("multi-secret-1"), "\(text)")
    #expect(text.contains("\r\n\r\nann\r\n"))
    #expect(!Self.echoed(#"{"e":"multi-secret-1"}"#, &redactor).contains("multi-secret-1"), "learned")
  }

  @Test("passphrase, wherever a name meets a value")
  func passphrase() {
    var redactor = Redactor()
    let url = redactor.redactURL("/a?passphrase=pp-query-1&wallet_passphrase=pp-query-2")
    let request = redactor.redact(
      RecordedRequest(
        method: "POST", url: "/f",
        headers: [
          FixtureField("X-Passphrase", "pp-header-3"),
          FixtureField("Content-Type", "application/x-www-form-urlencoded"),
        ], body: Array("Passphrase=pp-form-4&u=1".utf8)))
    let json = Self.echoed(#"{"PassPhrase":"pp-json-5","list":{"passphrases":["pp-json-6"]}}"#, &redactor)
    let params = redactor.redactParameters(["passphrase": "pp-param-7"])
    let everything =
      url + "\(request.headers)" + String(decoding: request.body ?? [], as: UTF8.self) + json + "\(params)"
    for index in 1...7 { #expect(!everything.contains("pp-"), "pp-…-\(index): \(everything)") }
  }

  @Test(
    "an error record's message: learned secrets, JSON quoted plainly or escaped, query items by name",
    arguments: [
      #"POST /s → 401: {"password":"err-secret-1","n":1}"#,
      #"[decode] body {"n":1,"token":"err-secret-1"}"#,
      #"bad body "{\"token\":\"err-secret-1\"}""#,
      "fetch /a?api_key=err-secret-1&n=1: timed out",
      "http://127.0.0.1:9/?access_token=err-secret-1: fetch: refused",
      "echoed Bearer SECRET123 and U0VDUkVUMTIz",
    ])
  func errorMessage(message: String) {
    let redactor = Self.redactor(adding: [FixtureField("Authorization", "Bearer SECRET123")])
    let failure = redactor.redact(RecordedFailure(request: 1, code: "status", message: message))
    #expect(!Self.readable(failure.message).contains("err-secret-1"), "\(failure.message)")
    #expect(!failure.message.contains("SECRET123") && !failure.message.contains("U0VDUkVUMTIz"))
  }

  @Test("an edit whose quoted id holds a blank: the id stays whole, the text is redacted and learned")
  func quotedEditID() {
    var redactor = Redactor()
    #expect(redactor.redact(intent: #"edit "new password" hunter-22-x"#) == #"edit "new password" REDACTED"#)
    #expect(!Self.echoed(#"{"e":"hunter-22-x"}"#, &redactor).contains("hunter-22-x"))
    var secure = Redactor()
    let line = secure.redact(intent: #"edit "pin code" "four two 42""#, isSecureEdit: true)
    #expect(line == #"edit "pin code" REDACTED"#)
    #expect(!Self.echoed(#"{"e":"four two 42"}"#, &secure).contains("four two 42"))
    var kept = Redactor()
    let typed = #"edit "sign in with password" hi there"#
    #expect(kept.redact(intent: typed, isSecureEdit: false) == typed)
    #expect(kept.redact(intent: "edit password") == "edit password")
    #expect(kept.redact(intent: "edit password pw-123456") == "edit password REDACTED")
  }
}
