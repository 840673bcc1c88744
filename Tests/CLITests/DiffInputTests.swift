import Foundation
import TestSupport
import Testing

@testable import CLIKit

/// `diff` refuses input that Foundation's parser would accept silently and wrongly.
@Suite("tableflow diff input checks", .timeLimit(.minutes(5)))
struct DiffInputTests {
  static func snapshot(fields: String) -> String {
    #"{"sections":[{"id":"s","rows":[{"id":"a","kind":"k","height":1,"fields":"#
      + fields + "}]}]}"
  }

  private func diff(_ old: String, _ new: String) async throws -> (ExitCode, String, String) {
    let folder = try TemporaryDirectory(prefix: "tableflow-diff-input")
    defer { folder.cleanUp() }
    try Data(old.utf8).write(to: URL(fileURLWithPath: folder.file("old.json")))
    try Data(new.utf8).write(to: URL(fileURLWithPath: folder.file("new.json")))
    let out = MemorySink()
    let err = MemorySink()
    let code = await Tableflow.main(
      ["diff", "--format", "text", folder.file("old.json"), folder.file("new.json")],
      io: CommandIO(out: out, err: err))
    return (code, out.text, err.text)
  }

  @Test(
    "integers outside Int64 are refused, not rounded into equal doubles",
    arguments: ["9223372036854775808", "-9223372036854775809", "18446744073709551617"])
  func hugeIntegers(literal: String) async throws {
    let (code, out, err) = try await diff(
      Self.snapshot(fields: #"{"n":9223372036854775807}"#), Self.snapshot(fields: #"{"n":\#(literal)}"#))
    #expect(code == .dataError)
    #expect(out.isEmpty)
    #expect(err.contains("new.json:1:"))
    #expect(err.contains("integer \(literal) is outside the 64-bit range"))
  }

  @Test("in-range integers, fractions and exponents still diff")
  func ordinaryNumbers() async throws {
    let (code, out, _) = try await diff(
      Self.snapshot(fields: #"{"n":9223372036854775807,"x":1.5e300}"#),
      Self.snapshot(fields: #"{"n":9223372036854775806,"x":1.5e300}"#))
    #expect(code == .success)
    #expect(out.contains("reconfigure"))
  }

  @Test(
    "an object with the same key twice is refused, escapes included",
    arguments: [#"{"n":1,"n":2}"#, #"{"n":1,"\u006e":2}"#])
  func duplicateKeys(fields: String) async throws {
    let (code, _, err) = try await diff(Self.snapshot(fields: #"{"n":1}"#), Self.snapshot(fields: fields))
    #expect(code == .dataError)
    #expect(err.contains("duplicate key \"n\" in one object"))
    #expect(err.filter { $0 == "\n" }.count == 1)
  }

  @Test("the same key in different objects is fine")
  func sameKeyElsewhere() async throws {
    let text = #"{"sections":[{"id":"s","rows":[{"id":"a","kind":"k","height":1,"fields":{"id":"x"}}]}]}"#
    let (code, out, _) = try await diff(text, text)
    #expect(code == .success)
    #expect(out == "no changes\n")
  }

  @Test("a file over the size cap exits 65 with a clear line")
  func sizeCap() async throws {
    let big = #"{"sections":[]}"# + String(repeating: " ", count: DiffSnapshotLoader.maximumBytes)
    let (code, out, err) = try await diff(#"{"sections":[]}"#, big)
    #expect(code == .dataError)
    #expect(out.isEmpty)
    #expect(err.contains("larger than \(DiffSnapshotLoader.maximumBytes) bytes"))
  }
}
