// libFuzzer target for FixtureKit's redactor and secret scanner: compiled by run.sh (FUZZ_TARGET=redactor)
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
  let request = redactor.redact(
    RecordedRequest(
      method: "POST", url: "/a?" + text, headers: [FixtureField("Content-Type", "application/json")],
      body: bytes),
    addedHeaders: [FixtureField("Authorization", "Basic " + text)])
  let form = redactor.redact(
    RecordedRequest(
      method: "POST", url: "/form",
      headers: [FixtureField("Content-Type", "application/x-www-form-urlencoded")], body: bytes))
  let response = redactor.redact(
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
  return 0
}
