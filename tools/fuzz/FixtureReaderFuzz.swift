// libFuzzer target for FixtureKit's reader: compiled by run.sh together with FixtureKit's
// sources (swiftc -sanitize=fuzzer,address), so it can reach internal API directly.

/// Small limits keep each run fast; the code paths are the same as with the defaults.
private let fuzzLimits = FixtureLimits(maximumInflatedBytes: 4 << 20, maximumRecordBytes: 1 << 20)

/// Reads one input as a fixture. The first byte picks the mode: even reads the rest as a gzip
/// file (fuzzing the inflate and framing path); odd gzips the rest in-process first, so the
/// mutations reach the JSON Lines scanner and record decoder directly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixtureReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let bytes: [UInt8]
  if data[0] & 1 == 0 {
    bytes = rest
  } else {
    guard let compressed = gzipped(rest) else { return 0 }
    bytes = compressed
  }
  guard let reader = try? FixtureReader(bytes: bytes, name: "fuzz", limits: fuzzLimits) else {
    return 0
  }
  let (records, damage) = reader.readSalvaging()
  exerciseMatching(records)
  // Whatever was read must survive a write and read back unchanged.
  if damage == nil, !records.isEmpty, let writer = try? FixtureWriter(inMemoryWith: reader.header) {
    for record in records { _ = try? writer.append(record.entry) }
    if (try? writer.finish()) != nil, let again = writer.finishedBytes() {
      let reread = try? FixtureReader(bytes: again, limits: fuzzLimits).readAll()
      precondition(reread?.map(\.entry) == records.map(\.entry), "round trip changed a record")
    }
  }
  return 0
}

/// One deflater reused across runs: zlib's state is large and slow to allocate under ASan.
/// libFuzzer calls the target from a single thread, one input at a time, so this global is
/// never touched concurrently.
nonisolated(unsafe) private let sharedDeflater = try? Zlib.Deflater(level: 1, outputBufferSize: 16 * 1024)

private func gzipped(_ bytes: [UInt8]) -> [UInt8]? {
  guard let deflater = sharedDeflater, (try? deflater.reset()) != nil else { return nil }
  let output = ByteBuffer(capacity: 4096)
  let sink: (UnsafeRawBufferPointer) throws(FixtureError) -> Void = { output.append($0) }
  let ok = bytes.withUnsafeBytes { input in
    (try? deflater.deflate(input, flush: .finish, into: sink)) != nil
  }
  return ok ? Array(UnsafeRawBufferPointer(output.live)) : nil
}

/// Replays every recorded request against the records, redacted and not, so URL parsing,
/// percent-decoding, redaction and the nearest-candidate messages see fuzzed input too.
private func exerciseMatching(_ records: [FixtureRecord]) {
  var matcher = RequestMatcher(records: records)
  var redactor = Redactor(Redaction(bodyPatterns: ["secret"]))
  for record in records {
    guard case .request(let request) = record.entry else { continue }
    _ = matcher.answer(to: request)
    var altered = redactor.redact(request)
    altered.url += "&extra=1"
    _ = matcher.answer(to: altered)
    _ = redactor.redactBaseURL("http://user:pw@host" + request.url)
  }
}
