import Foundation

// libFuzzer target for FixtureKit's redactor and secret scanner (and secrets planted in their
// encodings, which must never survive): compiled by run.sh (FUZZ_TARGET=redactor)
// together with FixtureKit's sources (swiftc -sanitize=fuzzer,address), so it can reach
// internal API directly.

/// Redacts one input as a JSON request body, a response body, a form body, a URL and header
/// values, then checks what must hold: no crash, no trap, and nothing left for a second pass
/// to redact (every value under a secret name at any depth is already `REDACTED`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedactor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  var redactor = Redactor(Redaction(extraNames: ["pin"]))
  _ = redactor.redact(
    RecordedRequest(
      method: "POST", url: "/a?" + text, headers: [FixtureField("Content-Type", "application/json")],
      body: bytes),
    addedHeaders: [FixtureField("Authorization", "Basic " + text)])
  let form = redactor.redact(
    RecordedRequest(
      method: "POST", url: "/form",
      headers: [FixtureField("Content-Type", "application/x-www-form-urlencoded")], body: bytes))
  _ = redactor.redact(
    RecordedResponse(
      request: 1, status: 200, headers: [FixtureField("Set-Cookie", text), FixtureField("X-Token", text)],
      body: bytes))
  _ = redactor.redactBaseURL("http://" + text + "@host/" + text)
  _ = redactor.redact(intent: text)

  // Name-based redaction is idempotent at any depth: what it leaves, a second pass leaves too.
  // (Checked on the rewriter alone: scrubbing learned secrets afterwards may cut through JSON
  // structure, which is fine for a secret but makes a second pass see different keys.)
  let redaction = Redaction(extraNames: ["pin"])
  if let once = JSONSecretRewriter.rewrite(bytes, isSecret: { redaction.isSecretName($0) }) {
    let twice = JSONSecretRewriter.rewrite(once.bytes, isSecret: { redaction.isSecretName($0) })
    precondition(twice == nil, "a value under a secret name survived redaction")
  }
  _ = form

  var scanner = SecretScanner()
  _ = scanner.scan(FixtureHeader(feed: "f", tool: "t", base: text, params: ["password": text, "q": text]))
  _ = scanner.scan(
    FixtureRecord(seq: 1, entry: .request(RecordedRequest(method: "GET", url: text, body: bytes))))
  _ = scanner.scan(
    FixtureRecord(seq: 2, entry: .response(RecordedResponse(request: 1, status: 200, body: bytes))))
  _ = SecretScanner.credentialKind(in: bytes)
  plantedSecret(bytes)
  return 0
}

/// Issue 17 item 6: a secret planted in one of its encodings never survives. The input's
/// first byte picks the form, the next ones make a secret (letters and digits, at least one
/// letter) and the filler around it (punctuation only, so it cannot hold the secret itself).
private func plantedSecret(_ bytes: [UInt8]) {
  guard bytes.count >= 3 else { return }
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
  let length = 8 + Int(bytes[1] % 17)
  var secret = (0..<length).map { alphabet[Int(bytes[(2 + $0) % bytes.count]) % alphabet.count] }
  secret[0] = alphabet[Int(bytes[2]) % 52]
  let text = String(decoding: secret, as: UTF8.self)
  let punctuation = Array(" ,.;:!-()".utf8)
  let filler = String(
    decoding: bytes.dropFirst(2).prefix(24).map { punctuation[Int($0) % punctuation.count] }, as: UTF8.self)
  var redactor = Redactor()
  _ = redactor.redact(
    RecordedRequest(method: "GET", url: "/echo"),
    addedHeaders: [FixtureField("Authorization", "Bearer " + text)])
  func base64(_ value: String) -> String {
    let buffer = ByteBuffer(capacity: 64)
    var copy = value
    copy.withUTF8 { JSONText.appendBase64($0, to: buffer) }
    return String(decoding: UnsafeRawBufferPointer(buffer.live), as: UTF8.self)
  }
  let header = base64("Bearer " + text)
  let escaped = secret.map { "\\u00" + String($0, radix: 16) }.joined()
  var planted: String
  var output: String
  func echo(_ body: String) -> String {
    String(
      decoding: redactor.redact(RecordedResponse(request: 1, status: 200, body: Array(body.utf8))).body,
      as: UTF8.self)
  }
  let form = bytes[0] % 19
  switch form {
  case 0: planted = text
  case 1: planted = header
  case 2: planted = String(header.prefix { $0 != "=" })
  case 3: planted = header.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
  case 4: planted = String(base64(text).prefix { $0 != "=" })
  case 5: planted = "Bearer%20" + text
  case 6: planted = escaped
  // The base64 of a longer text holding the secret: its own encoded forms are not in it.
  case 11: planted = base64("id=" + filler + text + filler)
  default: planted = ""
  }
  switch form {
  case 0...6, 11:
    output = echo(#"{"a":"\#(filler)\#(planted)\#(filler)","b":[1,"\#(filler)"]}"#)
    precondition(!output.contains(planted), "planted form \(form) survived: \(output)")
  case 7:
    output = echo(#"{"payload":"{\"token\":\"\#(text)\",\"f\":\"\#(filler)\"}"}"#)
  case 8:
    // A multipart field named like a secret, its part header written one of several ways.
    let headers = [
      "Content-Disposition: form-data; name=\"password\"",
      "Content-Disposition: form-data; filename=\"f\(filler)\"; name=\"password\"",
      "content-disposition: form-data; NAME=wallet_passphrase",
    ]
    let lineBreak = bytes[1] % 2 == 0 ? "\r\n" : "\n"
    let part = headers[Int(bytes[2]) % headers.count] + lineBreak + lineBreak
    let body = "--B\r\n\(part)\(text)\r\n--B--\r\n"
    var fresh = Redactor()
    let request = fresh.redact(
      RecordedRequest(
        method: "POST", url: "/f", headers: [FixtureField("Content-Type", "multipart/form-data; boundary=B")],
        body: Array((filler + body).utf8)))
    output = String(decoding: request.body ?? [], as: UTF8.self)
  case 9:
    output =
      Redactor().redact(RecordedFailure(message: filler + #"{"password":"\#(text)"}"# + filler)).message
  case 12:
    // The percent-encoded Basic header: `%3D` is no part of the learned base64.
    var basic = Redactor()
    let pair = "user" + filler.prefix(2) + ":" + text
    _ = basic.redact(
      RecordedRequest(method: "GET", url: "/echo"),
      addedHeaders: [FixtureField("Authorization", "Basic " + base64(pair))])
    let percent = "Basic%20" + base64(pair).replacingOccurrences(of: "=", with: "%3D")
    output = String(
      decoding: basic.redact(
        RecordedResponse(request: 1, status: 200, body: Array(#"{"u":"/x?h=\#(percent)"}"#.utf8))
      )
      .body, as: UTF8.self)
    precondition(
      !output.contains(base64(pair).prefix { $0 != "=" }), "percent-encoded Basic survived: \(output)")
  case 13:
    // A cookie the client sends, echoed \u-escaped.
    var cookies = Redactor()
    _ = cookies.redact(
      RecordedRequest(method: "GET", url: "/echo"),
      addedHeaders: [FixtureField("Cookie", "a=b1; sid=" + text)])
    output = String(
      decoding: cookies.redact(
        RecordedResponse(request: 1, status: 200, body: Array(#"{"c":"\#(escaped)"}"#.utf8))
      )
      .body, as: UTF8.self)
  case 14:
    output =
      Redactor().redact(RecordedFailure(message: filler + "GET /a?api_key=" + text + "&n=1" + filler)).message
  case 15:
    // A JSON document inside a JSON string inside a JSON string.
    output = echo(#"{"p":"{\"d\":\"{\\\"secret\\\":\\\"\#(text)\\\"}\",\"f\":\"\#(filler)\"}"}"#)
  case 16:
    output =
      Redactor().redact(RecordedFailure(message: filler + #""{\"token\":\"\#(text)\"}""# + filler)).message
  case 17:
    // A secure edit whose quoted id holds a blank: the text is redacted, the id kept whole.
    var typed = Redactor()
    output = typed.redact(intent: "edit \"pass word\(filler)\" " + text, isSecureEdit: true)
    precondition(output.hasPrefix("edit \"pass word\(filler)\" "), "the quoted id was split: \(output)")
    let echoed = typed.redact(
      RecordedResponse(request: 1, status: 200, body: Array(#"{"e":"\#(text)"}"#.utf8)))
    output += String(decoding: echoed.body, as: UTF8.self)
  default:
    output = echo(#"{"passphrase":"\#(text)","f":"\#(filler)"}"#)
  }
  let decoded = Array(output.utf8).withUnsafeBufferPointer { JSONUnescaper.text($0) }
  let twice = Array(decoded.utf8).withUnsafeBufferPointer { JSONUnescaper.text($0) }
  precondition(
    !output.contains(text) && !decoded.contains(text) && !twice.contains(text),
    "secret survived (form \(form)): \(output)")
}
