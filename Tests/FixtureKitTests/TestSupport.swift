import Foundation
import TestSupport

@testable import FixtureKit

enum Samples {
  static let header = FixtureHeader(
    feed: "books", tool: "fixturekit-tests", base: "http://127.0.0.1:8080/v1",
    params: ["user": "pmtao", "page": "40"])

  /// A small session touching every record type and body form.
  static let entries: [FixtureRecord.Entry] = [
    .intent("load"),
    .request(
      RecordedRequest(
        method: "GET", url: "/v2/book/user/pmtao/collections?status=wish&start=0&count=40",
        headers: [FixtureField("Accept", "application/json")])),
    .response(
      RecordedResponse(
        request: 2, status: 200, headers: [FixtureField("Content-Type", "application/json")],
        body: Array(#"{"title":"三体","quote":"\"hi\"\n\ttab","emoji":"📚"}"#.utf8),
        elapsedMilliseconds: 12.5)),
    .intent("select book-123"),
    .request(RecordedRequest(method: "POST", url: "/api/session", body: Array("user=a&pw=b".utf8))),
    .response(RecordedResponse(request: 5, status: 500, body: [0xFF, 0x00, 0xC3, 0x28, 0x01])),
    .request(RecordedRequest(method: "GET", url: "/api/photos")),
    .error(RecordedFailure(request: 7, code: "unreachable", message: "connection refused")),
    .intent("back"),
  ]

  /// Writes the sample session in memory and returns the gzip bytes.
  static func gzipBytes(
    header: FixtureHeader = Samples.header, entries: [FixtureRecord.Entry] = Samples.entries
  ) throws -> [UInt8] {
    let writer = try FixtureWriter(inMemoryWith: header)
    for entry in entries { try writer.append(entry) }
    try writer.finish()
    return writer.finishedBytes() ?? []
  }

  /// Random bytes, sometimes valid UTF-8 text with escapes, sometimes arbitrary binary.
  static func randomBody(using generator: inout SeededGenerator, maximumLength: Int = 300) -> [UInt8] {
    let length = Int.random(in: 0...maximumLength, using: &generator)
    if Bool.random(using: &generator) {
      return (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
    let alphabet: [String] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "é", "三", "📚", "{", "}",
    ]
    var text = ""
    for _ in 0..<length { text += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
    return Array(text.utf8)
  }
}

/// Runs a program and returns its exit status and standard output.
func runProcess(
  _ executable: String, _ arguments: [String], input: [UInt8]? = nil
) throws -> (
  status: Int32, output: [UInt8], error: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  let errors = Pipe()
  let stdin = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(Data(input)) }
  try stdin.fileHandleForWriting.close()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, Array(outputData), String(decoding: errorData, as: UTF8.self))
}

/// Gzips `bytes`, then `repeated` `times` times, in-process with FixtureKit's own deflater.
func gzipInProcess(_ bytes: [UInt8], then repeated: [UInt8] = [], times: Int = 0) throws -> [UInt8] {
  let deflater = try Zlib.Deflater(level: 6)
  let collected = ByteBuffer()
  let sink: (UnsafeRawBufferPointer) throws(FixtureError) -> Void = { chunk in collected.append(chunk) }
  func feed(_ part: [UInt8], flush: Zlib.Deflater.Flush) throws {
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(part.count, 1), alignment: 1)
    defer { input.deallocate() }
    input.copyBytes(from: part)
    try deflater.deflate(UnsafeRawBufferPointer(rebasing: input[0..<part.count]), flush: flush, into: sink)
  }
  try feed(bytes, flush: .none)
  for _ in 0..<times { try feed(repeated, flush: .none) }
  try feed([], flush: .finish)
  return Array(UnsafeRawBufferPointer(collected.live))
}
