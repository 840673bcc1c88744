import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("verify --junit, --json and --timings", .timeLimit(.minutes(5)))
struct VerifyReportTests {
  /// A folder with `a` (photos, passes) and `b` (profile/bare, whose golden differs at line 11
  /// in a way a backend could: markup and a control character).
  static func folder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory(prefix: "verify-reports")
    try VerifyRun.copy("photos/session", into: folder, as: "a")
    try VerifyRun.copy("profile/bare", into: folder, as: "b")
    let golden = VerifyRun.read(folder.file("b.log")).replacing("Tom Sawyer", with: "Tom <&> 'Sawyer'\u{1}")
    try VerifyRun.write(golden, to: folder.file("b.log"))
    return folder
  }

  @Test("JUnit: one test case per session with its time; a failure names the first differing line and step")
  func junit() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let report = folder.path + "/out/report.xml"
    try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
    let run = try await VerifyRun.verify([folder.path, "--jobs", "1", "--junit", report])
    #expect(run.code == .goldenMismatch)
    #expect(run.out.hasSuffix("1 passed, 1 failed\nwrote \(report)\n"))
    let path = folder.path
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="tableflow verify \(path)" tests="2" failures="1" errors="0" skipped="0" time="0.010">
        <testsuite name="tableflow verify \(path)" tests="2" failures="1" errors="0" skipped="0" time="0.010">
          <testcase classname="\(path)" name="a.jsonl.gz" file="\(path)/a.jsonl.gz" time="0.005"/>
          <testcase classname="\(path)" name="b.jsonl.gz" file="\(path)/b.jsonl.gz" time="0.005">
            <failure message="\(path)/b.jsonl.gz: log differs from \(path)/b.log at line 11, in step 1 (&gt; load)" \
      type="exit 1">\(path)/b.jsonl.gz: log differs from \(path)/b.log at line 11
      first difference: line 11, in step 1 (&gt; load)
        golden:         0.0 mainInfo profile-main  fullName="Tom &lt;&amp;&gt; 'Sawyer'\\u0001" pictureUrl="tom"  height=100
        actual:         0.0 mainInfo profile-main  fullName="Tom Sawyer" pictureUrl="tom"  height=100

      @@ line 11 @@
          stage 2: 1 section inserted
            + section 0 main-info "Main Info" [static], 1 row
      -         0.0 mainInfo profile-main  fullName="Tom &lt;&amp;&gt; 'Sawyer'\\u0001" pictureUrl="tom"  height=100
      +         0.0 mainInfo profile-main  fullName="Tom Sawyer" pictureUrl="tom"  height=100</failure>
          </testcase>
        </testsuite>
      </testsuites>

      """
    #expect(VerifyRun.read(report) == expected)
  }

  @Test("JSON lines: a header naming tool, folder and shard, then one object per session")
  func json() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let run = try await VerifyRun.verify([folder.path, "--jobs", "1", "--json", "-"])
    #expect(run.code == .goldenMismatch)
    // Standard output is the report alone; the verdict lines move to standard error.
    #expect(run.err.contains("ok    \(folder.path)/a.jsonl.gz\n"))
    #expect(run.err.hasSuffix("1 passed, 1 failed\n"))
    let lines = run.out.split(separator: "\n").map(String.init)
    try #require(lines.count == 3)
    #expect(
      lines[0]
        == #"{"folder":"\#(folder.path)","format":"tableflow-verify-report","shard":{"count":1,"index":1},"#
        + #""strict":false,"tool":"tableflow \#(ToolIdentity.tableflow.version)","version":1}"#)
    #expect(
      lines[1]
        == #"{"diff":null,"duration_ms":5,"exit":0,"expected_exit":null,"first_difference":null,"fixture":"\#(folder.path)/a.jsonl.gz","#
        + #""golden":"\#(folder.path)/a.log","messages":[],"status":"passed","unused_requests":[]}"#)
    let failed = try #require(
      JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
    #expect(failed["status"] as? String == "failed")
    #expect(failed["exit"] as? Int == 1)
    #expect(failed["duration_ms"] as? Double == 5)
    #expect(failed["golden"] as? String == folder.file("b.log"))
    let difference = try #require(failed["first_difference"] as? [String: Any])
    #expect(difference["line"] as? Int == 11)
    #expect(difference["step"] as? String == "> load")
    #expect(difference["step_number"] as? Int == 1)
    #expect((difference["expected"] as? String)?.contains("'Sawyer'\u{1}") == true)
    #expect(lines[2].contains(#"'Sawyer'\u0001"#), "control characters are escaped in the JSON text")
    #expect((failed["diff"] as? String)?.hasPrefix("@@ line 11 @@\n") == true)
  }

  @Test("the JSON report written to a file parses back to the same results")
  func jsonRoundTrip() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let path = folder.file("report.jsonl")
    let run = try await VerifyRun.verify([folder.path, "--jobs", "1", "--json", path])
    #expect(run.out.contains("wrote \(path)\n"))
    let report = try VerifyJSONReport.parse(VerifyRun.read(path), file: path)
    #expect(report.text() == VerifyRun.read(path))
    #expect(report.results.map(\.status) == [.passed, .failed])
    #expect(report.results[1].difference?.line == 11)
  }

  @Test("a full run writes the timings file; a sharded run reads it and leaves it alone")
  func timings() async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let timings = folder.file(".timings.json")
    _ = try await VerifyRun.verify([folder.path, "--jobs", "1", "--timings", timings])
    let written = VerifyRun.read(timings)
    #expect(
      written
        == "{\"format\":\"tableflow-timings\",\"version\":1,\"durations_ms\":{\n\"a.jsonl.gz\":5,\n\"b.jsonl.gz\":5\n}}\n"
    )
    let sharded = try await VerifyRun.verify([
      folder.path, "--jobs", "1", "--timings", timings, "--shard", "1/2",
    ])
    #expect(!sharded.err.contains("warning"))
    #expect(VerifyRun.read(timings) == written)
  }

  @Test(
    "a corrupt timings file is ignored with one warning, and a full run replaces it",
    arguments: [
      "{not json", #"{"format":"other","version":1,"durations_ms":{}}"#,
      #"{"format":"tableflow-timings","version":1,"durations_ms":{"a.jsonl.gz":-1}}"#,
    ])
  func corruptTimings(_ text: String) async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let timings = folder.file(".timings.json")
    try VerifyRun.write(text, to: timings)
    let sharded = try await VerifyRun.verify([folder.path, "--timings", timings, "--shard", "2/2"])
    let warnings = sharded.err.split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("tableflow: warning: \(timings): ") == true)
    #expect(warnings.first?.hasSuffix("ignored (shards are balanced by fixture size)") == true)
    #expect(sharded.out.contains("passed"))
    _ = try await VerifyRun.verify([folder.path, "--timings", timings])
    #expect(try VerifyTimings.parse(Array(VerifyRun.read(timings).utf8)).milliseconds.count == 2)
  }

  @Test(
    "reports are never written over an input, and two reports may not share a path",
    arguments: [
      ["--junit", "a.jsonl.gz"], ["--json", "b.log"], ["--junit", "t.json", "--timings", "t.json"],
    ])
  func outputsRefused(_ options: [String]) async throws {
    let folder = try Self.folder()
    defer { folder.cleanUp() }
    let before = VerifyRun.read(folder.file("a.jsonl.gz"))
    let arguments = options.map { $0.hasPrefix("--") ? $0 : folder.file($0) }
    let run = try await VerifyRun.verify([folder.path] + arguments)
    #expect(run.code == .usage)
    #expect(run.out.isEmpty, "nothing is replayed")
    #expect(run.err.split(separator: "\n").count == 1)
    #expect(VerifyRun.read(folder.file("a.jsonl.gz")) == before)
    #expect(!FileManager.default.fileExists(atPath: folder.file("t.json")))
  }

  @Test("--json and --junit file names holding markup and escapes are escaped in the reports")
  func escapedNames() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-reports")
    defer { folder.cleanUp() }
    try VerifyRun.copy("photos/session", into: folder, as: "x<&\"\u{1B}[2J")
    let report = folder.file("r.xml")
    let json = folder.file("r.json")
    _ = try await VerifyRun.verify([folder.path, "--junit", report, "--json", json])
    let xml = VerifyRun.read(report)
    #expect(xml.contains("name=\"x&lt;&amp;&quot;\\u001b[2J.jsonl.gz\""), "\(xml)")
    #expect(!xml.contains("\u{1B}"))
    #expect(!VerifyRun.read(json).contains("\u{1B}"))
    #expect(VerifyRun.read(json).contains(#"x<&\"\u001b[2J.jsonl.gz"#))
  }
}
