import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("Secret scanner")
struct SecretScannerTests {
  @Test(
    "credential-looking text is found whatever its name",
    arguments: [
      ("Authorization was Bearer abcdefghijklmnop1234", "a bearer token"),
      (
        "id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "a JSON Web Token"
      ),
      (#"{"x":"kR8vX2qLm9TzP4wY7nB1cD6fG3hJ5sA0"}"#, "a high-entropy string"),
      ("ghp_16C7e42F292c6912E7710c838347Ae178B4a", "a high-entropy string"),
    ])
  func positives(text: String, kind: String) {
    #expect(SecretScanner.credentialKind(in: text) == kind)
  }

  @Test(
    "ordinary data is not flagged",
    arguments: [
      "ThisIsAVeryLongCamelCaseIdentifierName2", "5d41402abc4b2a76b9719d911017c592e3b0c44298fc1c14",
      "123e4567-e89b-12d3-a456-426614174000", "https://book.douban.com/subject/1000001/",
      "/v2/book/user/pmtao/collections?status=wish&start=0&count=20", "9787111234567",
      "Bearer REDACTED", "2026-11-30 13:52:42", "江湖散步 机械工业出版社",
      "data:image/png;base64," + String(repeating: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ", count: 20),
    ])
  func negatives(text: String) {
    #expect(SecretScanner.credentialKind(in: text) == nil)
  }

  @Test("values the rules would still redact are findings, naming the record and the place")
  func ruleFindings() {
    var scanner = SecretScanner()
    let header = scanner.scan(FixtureHeader(feed: "signin", tool: "t", params: ["password": "plum-tea-7391"]))
    #expect(header.map(\.description) == [#"header: parameter "password" is not redacted"#])
    let request = scanner.scan(
      FixtureRecord(
        seq: 3,
        entry: .request(
          RecordedRequest(
            method: "POST", url: "/api/session?token=abcdef123",
            headers: [FixtureField("X-Session-Token", "tok-123456")],
            body: Array(#"{"password":"hunter2-22"}"#.utf8)))))
    #expect(
      request.map(\.description) == [
        #"record 3: header "X-Session-Token" is not redacted"#, "record 3: a secret query value in the URL",
        "record 3: a secret value in the request body",
      ])
    let echo = scanner.scan(
      FixtureRecord(
        seq: 4, entry: .response(RecordedResponse(request: 3, status: 200, body: Array("hi tok-123456".utf8)))
      ))
    #expect(echo.map(\.description) == ["record 4: a secret value in the response body"])
  }

  @Test("the shipped fixtures hold no finding")
  func shippedFixturesAreClean() throws {
    let root = APIServer.packageRoot.appendingPathComponent("Fixtures")
    let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter {
      $0.hasSuffix(".jsonl.gz")
    }
    #expect(files.count >= 9)
    for file in files {
      let reader = try FixtureReader(path: root.appendingPathComponent(file).path)
      var scanner = SecretScanner()
      var findings = scanner.scan(reader.header)
      while let record = try reader.next() { findings += scanner.scan(record) }
      #expect(findings.isEmpty, "\(file): \(findings)")
    }
  }
}

@Suite("Fixture rewriter")
struct FixtureRewriterTests {
  static let leakyHeader = FixtureHeader(feed: "signin", tool: "t", params: ["password": "plum-tea-7391"])
  static let leakyEntries: [FixtureRecord.Entry] = [
    .intent("load"),
    .request(
      RecordedRequest(
        method: "POST", url: "/api/session", headers: [FixtureField("Content-Type", "application/json")],
        body: Array(#"{"password":"plum-tea-7391","username":"pmtao"}"#.utf8))),
    .response(
      RecordedResponse(
        request: 2, status: 200, headers: [FixtureField("X-Session-Token", "sess-token-998877")],
        body: Array(#"{"data":{"token":"sess-token-998877"},"message":"hi plum-tea-7391"}"#.utf8))),
  ]

  static func write(_ path: String) throws {
    let writer = try FixtureWriter(path: path, header: leakyHeader)
    for entry in leakyEntries { try writer.append(entry) }
    try writer.finish()
  }

  /// The file's JSON Lines text, inflated by the system's `zcat` (independently of FixtureKit).
  static func zcatText(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["zcat", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test("redacts a fixture in place; a second run finds nothing and leaves the file alone")
  func rewritesInPlace() throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-redact")
    defer { directory.cleanUp() }
    let path = directory.file("leaky.jsonl.gz")
    try Self.write(path)
    #expect(try Self.zcatText(path).contains("plum-tea-7391"))
    let summary = try FixtureRewriter.redact(path: path)
    #expect(summary == FixtureRewriter.Summary(records: 3, changedRecords: 2, headerChanged: true))
    let text = try Self.zcatText(path)
    #expect(text.contains("REDACTED"))
    #expect(!text.contains("plum-tea-7391"))
    #expect(!text.contains("sess-token-998877"))
    #expect(text.contains("pmtao"))
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let again = try FixtureRewriter.redact(path: path)
    #expect(!again.rewritten)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["leaky.jsonl.gz"])
  }

  @Test("a damaged fixture is refused and left byte-identical")
  func damagedIsRefused() throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-redact")
    defer { directory.cleanUp() }
    let path = directory.file("cut.jsonl.gz")
    try Self.write(path)
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = whole.prefix(whole.count - 30)
    try cut.write(to: URL(fileURLWithPath: path))
    #expect(throws: FixtureError.self) { _ = try FixtureRewriter.redact(path: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cut.jsonl.gz"])
  }

  @Test("the writer refuses a record the reader's limits would refuse, and stays usable")
  func writerAppliesLimits() throws {
    let limits = FixtureLimits(maximumInflatedBytes: 4096, maximumRecordBytes: 1024)
    let writer = try FixtureWriter(inMemoryWith: Samples.header, limits: limits)
    #expect(throws: FixtureError.self) {
      try writer.append(
        .response(RecordedResponse(request: 1, status: 200, body: Array(repeating: 0x61, count: 2000))))
    }
    #expect(throws: FixtureError.self) {
      try writer.append(.intent(String(repeating: "\u{1}", count: 300)))  // escapes to 1800 bytes
    }
    try writer.append(.intent("load"))
    for _ in 0..<4 { _ = try? writer.append(.intent(String(repeating: "a", count: 900))) }
    try writer.finish()
    let bytes = try #require(writer.finishedBytes())
    let records = try FixtureReader(bytes: bytes, limits: limits).readAll()
    #expect(records.first?.entry == .intent("load"))
    #expect(records.map(\.seq) == Array(1...records.count))
  }
}
