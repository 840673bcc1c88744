import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("Redactor")
struct RedactorTests {
  static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

  static func post(_ body: String, contentType: String = "application/json") -> RecordedRequest {
    RecordedRequest(
      method: "POST", url: "/api/session", headers: [FixtureField("Content-Type", contentType)],
      body: Array(body.utf8))
  }

  @Test(
    "every default secret name is redacted in a JSON body, case-insensitively",
    arguments: [
      "password", "passwd", "secret", "token", "access_token", "refresh_token", "id_token", "api_key",
      "apikey", "x-api-key", "authorization", "client_secret", "session", "Password", "TOKEN",
      "my_password_hint", "csrfToken", "app-secret-value", "X-Session-Token",
    ])
  func defaultNames(name: String) {
    var redactor = Redactor()
    let body = #"{"\#(name)":"s3cr3t-value-\#(name)","user":"pmtao"}"#
    let redacted = Self.text(redactor.redact(Self.post(body)).body)
    #expect(redacted == #"{"\#(name)":"REDACTED","user":"pmtao"}"#)
  }

  @Test("names that are not secrets are kept, 'key' included (feeds use it for data)")
  func ordinaryNames() {
    var redactor = Redactor()
    let body = #"{"key":"Date of birth","value":"1835","username":"pmtao","sessions_count":3}"#
    #expect(Self.text(redactor.redact(Self.post(body)).body) == body)
  }

  @Test("JSON secrets at any depth: nested objects, arrays of strings, escaped key names")
  func anyDepth() {
    var redactor = Redactor()
    let body = #"""
      {"a":{"b":[{"c":{"Token":"deep-value-1"}},{"refresh_token":"deep-value-2"}]},
       "tokens":["array-value-3",["array-value-4"],{"note":"kept"}],
       "session":{"user":"pmtao","id_token":"deep-value-5"},
       "pass\u0077ord":"escaped-value-6","expires_token_in":3600,"secret":null}
      """#
    let redacted = Self.text(
      redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body)
    for index in 1...6 { #expect(!redacted.contains("value-\(index)"), "value-\(index) leaked") }
    #expect(redacted.contains(#""note":"kept""#))
    #expect(redacted.contains(#""user":"pmtao""#))
    #expect(redacted.contains(#""expires_token_in":3600"#))
    #expect(redacted.contains(#""secret":null"#))
    #expect((try? JSONSerialization.jsonObject(with: Data(redacted.utf8))) != nil)
  }

  @Test("a truncated JSON body is redacted as far as it goes")
  func truncatedJSON() {
    var redactor = Redactor()
    let body = #"{"data":{"password":"cut-off-secret","more":"#
    #expect(Self.text(redactor.redact(Self.post(body)).body) == #"{"data":{"password":"REDACTED","more":"#)
  }

  @Test("--redact names, query items, form fields, headers and parameters")
  func everyPlace() {
    var redactor = Redactor(Redaction(extraNames: ["PIN"]))
    let header = redactor.redact(
      FixtureHeader(feed: "signin", tool: "t", params: ["password": "param-secret-1", "user": "pmtao"]))
    #expect(header.params == ["password": "REDACTED", "user": "pmtao"])
    let form = redactor.redact(
      Self.post(
        "user=a&pin=form-secret-2&api_key=form-secret-3", contentType: "application/x-www-form-urlencoded"))
    #expect(Self.text(form.body) == "user=a&pin=REDACTED&api_key=REDACTED")
    let query = redactor.redact(
      RecordedRequest(method: "GET", url: "/a?key=q-secret-4&Access_Token=q-secret-5&page=2"))
    #expect(query.url == "/a?key=REDACTED&Access_Token=REDACTED&page=2")
    let response = redactor.redact(
      RecordedResponse(
        request: 1, status: 200,
        headers: [
          FixtureField("X-Session-Token", "hdr-secret-6"), FixtureField("Content-Type", "text/plain"),
        ],
        body: Array("echo param-secret-1 form-secret-2 q-secret-4 hdr-secret-6".utf8)))
    #expect(
      response.headers == [
        FixtureField("X-Session-Token", "REDACTED"), FixtureField("Content-Type", "text/plain"),
      ])
    #expect(Self.text(response.body) == "echo REDACTED REDACTED REDACTED REDACTED")
  }

  @Test("a password typed with an edit intent is recorded REDACTED and scrubbed when echoed")
  func editIntents() {
    var redactor = Redactor()
    #expect(redactor.redact(intent: "edit password typed-secret-1") == "edit password REDACTED")
    #expect(redactor.redact(intent: "edit username pmtao") == "edit username pmtao")
    #expect(redactor.redact(intent: "edit api_key") == "edit api_key")
    let body = redactor.redact(Self.post(#"{"note":"typed-secret-1"}"#)).body
    #expect(Self.text(body) == #"{"note":"REDACTED"}"#)
  }

  @Test("headers the transport adds are recorded REDACTED; their Basic form is scrubbed when echoed")
  func addedHeaders() {
    var redactor = Redactor()
    let basic = "Basic " + Data("alice:pw-hunter-22".utf8).base64EncodedString()
    let request = redactor.redact(
      RecordedRequest(method: "GET", url: "/echo"),
      addedHeaders: [FixtureField("Authorization", basic), FixtureField("X-Trace", "custom-value-77")])
    #expect(
      request.headers == [FixtureField("Authorization", "REDACTED"), FixtureField("X-Trace", "REDACTED")])
    let echoed = redactor.redact(
      RecordedResponse(
        request: 1, status: 200,
        body: Array(#"{"echo":{"auth":"\#(basic)","trace":"custom-value-77","pw":"pw-hunter-22"}}"#.utf8)))
    let text = Self.text(echoed.body)
    for leak in ["pw-hunter-22", Data("alice:pw-hunter-22".utf8).base64EncodedString(), "custom-value-77"] {
      #expect(!text.contains(leak), "\(leak) leaked")
    }
  }

  @Test("a request redacted on record matches the live request redacted the same way")
  func matchingAfterRedaction() {
    var recorder = Redactor()
    let live = Self.post(#"{"password":"plum-tea-7391","username":"pmtao"}"#)
    let recorded = recorder.redact(live)
    #expect(Self.text(recorded.body) == #"{"password":"REDACTED","username":"pmtao"}"#)
    var matcher = RequestMatcher(records: [
      FixtureRecord(seq: 1, entry: .request(recorded)),
      FixtureRecord(
        seq: 2, entry: .response(RecordedResponse(request: 1, status: 200, body: Array("ok".utf8)))),
    ])
    var replayer = Redactor()
    #expect(
      matcher.answer(to: replayer.redact(live))
        == .response(RecordedResponse(request: 1, status: 200, body: Array("ok".utf8))))
  }

  @Test("hostile nesting and junk never crash the rewriter")
  func hostileInput() {
    var redactor = Redactor()
    let deep = String(repeating: "[", count: 200_000) + #""x""# + String(repeating: "]", count: 10)
    _ = redactor.redact(Self.post(deep))
    let objects = String(repeating: #"{"token":"#, count: 50_000)
    #expect(!Self.text(redactor.redact(Self.post(objects)).body).isEmpty)
    for junk in [#"{"password""#, #"{"password":"unterminated"#, #"{"a":"\"#, #"["\u12"]"#, "{"] {
      _ = redactor.redact(Self.post(junk))
    }
  }

  @Test("property: random JSON trees keep no secret value and stay valid JSON", arguments: 0..<4)
  func randomTrees(seed: UInt64) throws {
    var generator = SeededGenerator(seed: 0x5EC2E7 &+ seed)
    for _ in 0..<50 {
      var secrets: [String] = []
      var ordinary: [String] = []
      let tree = Self.randomValue(depth: 0, generator: &generator, secrets: &secrets, ordinary: &ordinary)
      let body = try JSONSerialization.data(withJSONObject: ["root": tree])
      var redactor = Redactor()
      let redacted = redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body)))
      let text = Self.text(redacted.body)
      for secret in secrets {
        #expect(!text.contains(secret), "\(secret) leaked from \(String(decoding: body, as: UTF8.self))")
      }
      for value in ordinary { #expect(text.contains(value)) }
      #expect((try? JSONSerialization.jsonObject(with: Data(redacted.body))) != nil)
    }
  }

  static func randomValue(
    depth: Int, generator: inout SeededGenerator, secrets: inout [String], ordinary: inout [String]
  ) -> Any {
    let names = ["title", "password", "items", "Access_Token", "note", "client_secret", "user", "apiKey"]
    if depth > 5 || Int.random(in: 0..<4, using: &generator) == 0 {
      let value = "plain-\(UInt32.random(in: 0...UInt32.max, using: &generator))"
      ordinary.append(value)
      return value
    }
    if Bool.random(using: &generator) {
      var object: [String: Any] = [:]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let name = names[Int.random(in: 0..<names.count, using: &generator)]
        guard object[name] == nil else { continue }
        if Redaction.standard.isSecretName(name), Bool.random(using: &generator) {
          let secret = "secret-\(UInt32.random(in: 0...UInt32.max, using: &generator))"
          secrets.append(secret)
          object[name] = secret
        } else if !Redaction.standard.isSecretName(name) {
          object[name] = randomValue(
            depth: depth + 1, generator: &generator, secrets: &secrets, ordinary: &ordinary)
        }
      }
      return object
    }
    return (0..<Int.random(in: 0...3, using: &generator)).map { _ in
      randomValue(depth: depth + 1, generator: &generator, secrets: &secrets, ordinary: &ordinary)
    }
  }
}
