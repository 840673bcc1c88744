// libFuzzer target for `tableflow inspect`'s formatting (FixtureKit's RecordSummary): compiled
// by run.sh (FUZZ_TARGET=inspect-format) together with FixtureKit's sources, so it can reach
// internal API directly. Any record the reader accepts and any Double must format without
// trapping, and every latency the writer stores must read back as a number.

/// Small limits keep each run fast; the code paths are the same as with the defaults.
private let fuzzLimits = FixtureLimits(maximumInflatedBytes: 4 << 20, maximumRecordBytes: 1 << 20)

/// The first 8 bytes are a Double's bit pattern (every NaN, infinity and huge value reaches
/// `decimal`); the rest is JSON Lines text, gzipped in-process and read as a fixture, so
/// mutated `elapsedMs`, `seq` and `request` values reach the summaries and the consistency check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInspectFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 8 else { return 0 }
  var bits: UInt64 = 0
  for index in 0..<8 { bits = bits << 8 | UInt64(data[index]) }
  let value = Double(bitPattern: bits)
  let text = RecordSummary.decimal(value)
  precondition(!text.isEmpty, "decimal printed nothing")
  if value.isFinite, value.magnitude < 1e12 {
    precondition(text.contains("."), "a small value lost its decimals: \(text)")
  }
  checkWriterRoundTrip(value)
  let rest = Array(UnsafeBufferPointer(start: data + 8, count: size - 8))
  guard let bytes = gzipped(rest),
    let reader = try? FixtureReader(bytes: bytes, name: "fuzz", limits: fuzzLimits)
  else { return 0 }
  var consistency = RecordSummary.Consistency()
  while let record = try? reader.next() {
    let (type, summary) = RecordSummary.describe(record)
    precondition(type == record.entry.typeName, "type name mismatch")
    _ = summary.utf8.count
    _ = consistency.check(record)
  }
  return 0
}

/// Whatever latency a response has, the writer stores something the reader reads back.
private func checkWriterRoundTrip(_ elapsed: Double) {
  guard let writer = try? FixtureWriter(inMemoryWith: FixtureHeader(feed: "f", tool: "fuzz")) else { return }
  _ = try? writer.append(.request(RecordedRequest(method: "GET", url: "/")))
  _ = try? writer.append(
    .response(RecordedResponse(request: 1, status: 200, body: [], elapsedMilliseconds: elapsed)))
  guard (try? writer.finish()) != nil, let bytes = writer.finishedBytes() else { return }
  let records = try? FixtureReader(bytes: bytes, limits: fuzzLimits).readAll()
  precondition(records?.count == 2, "the writer stored a latency the reader refuses: \(elapsed)")
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
