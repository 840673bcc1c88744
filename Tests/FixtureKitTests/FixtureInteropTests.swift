import Foundation
import TestSupport
import Testing

@testable import FixtureKit

@Suite("Interop with gzip tools")
struct FixtureInteropTests {
  private static let python = "/usr/bin/env"

  @Test("python3's gzip and json modules read our file, bodies byte-exact")
  func pythonReadsOurFile() throws {
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("session.jsonl.gz")
    let writer = try FixtureWriter(path: path, header: Samples.header)
    for entry in Samples.entries { try writer.append(entry) }
    try writer.finish()

    let script = """
      import base64, gzip, json, sys
      lines = gzip.open(sys.argv[1], "rb").read().decode("utf-8").splitlines()
      header = json.loads(lines[0])
      assert header["format"] == "tableflow-fixture" and header["version"] == 1, header
      out = [header["feed"]]
      for line in lines[1:]:
          record = json.loads(line)
          if "body" in record:
              body = record["body"].encode("utf-8")
          elif "bodyBase64" in record:
              body = base64.b64decode(record["bodyBase64"])
          else:
              body = b""
          out.append("%d %s %s" % (record["seq"], record["type"], body.hex()))
      print("\\n".join(out))
      """
    let result = try runProcess(Self.python, ["python3", "-c", script, path])
    #expect(result.status == 0, "\(result.error)")
    var expected = ["books"]
    for (index, entry) in Samples.entries.enumerated() {
      let (type, body): (String, [UInt8]) =
        switch entry {
        case .request(let request): ("request", request.body ?? [])
        case .response(let response): ("response", response.body)
        case .intent: ("intent", [])
        case .error: ("error", [])
        }
      expected.append("\(index + 1) \(type) \(body.map { String(format: "%02x", $0) }.joined())")
    }
    #expect(String(decoding: result.output, as: UTF8.self) == expected.joined(separator: "\n") + "\n")
  }

  @Test("zcat decompresses our file to the JSON Lines we wrote")
  func zcatReadsOurFile() throws {
    let bytes = try Samples.gzipBytes()
    let result = try runProcess("/usr/bin/env", ["zcat"], input: bytes)
    #expect(result.status == 0, "\(result.error)")
    let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == Samples.entries.count + 1)
    #expect(lines.first?.hasPrefix(#"{"format":"tableflow-fixture","version":1,"feed":"books""#) == true)
    #expect(lines.dropFirst().first == #"{"seq":1,"type":"intent","intent":"load"}"#)
  }

  @Test("we read a fixture written by python3's gzip module, also as concatenated members")
  func weReadPythonFile() throws {
    let directory = try TemporaryDirectory(prefix: "fixturekit-tests")
    defer { directory.cleanUp() }
    let path = directory.file("python.jsonl.gz")
    let script = """
      import gzip, sys
      header = b'{"format":"tableflow-fixture","version":1,"feed":"photos","tool":"python"}\\n'
      first = b'{"seq":1,"type":"intent","intent":"load"}\\n'
      second = b'{"type":"request","seq":2,"url":"/api/photos","method":"GET","extra":[1,{"a":null}]}\\n'
      with open(sys.argv[1], "wb") as f:
          f.write(gzip.compress(header + first, compresslevel=9))
          f.write(gzip.compress(second, compresslevel=1))
      """
    let result = try runProcess(Self.python, ["python3", "-c", script, path])
    #expect(result.status == 0, "\(result.error)")
    let reader = try FixtureReader(path: path)
    #expect(reader.header.feed == "photos")
    #expect(reader.header.tool == "python")
    let records = try reader.readAll()
    #expect(
      records.map(\.entry) == [
        .intent("load"), .request(RecordedRequest(method: "GET", url: "/api/photos")),
      ])
  }
}
