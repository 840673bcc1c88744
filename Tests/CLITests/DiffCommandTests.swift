import Foundation
import Testing

@testable import CLIKit

@Suite("tableflow diff", .timeLimit(.minutes(5)))
struct DiffCommandTests {
  private static let old = #"""
    {"sections":[{"id":"want","header":"想读","rows":[
      {"id":"a","kind":"info","height":80,"fields":{"title":"三体"}},
      {"id":"b","kind":"info","height":80,"fields":{"title":"活着"}},
      {"id":"c","kind":"info","height":80,"fields":{"title":"围城"}}]}]}
    """#
  private static let new = #"""
    {"sections":[{"id":"want","header":"想读","rows":[
      {"id":"b","kind":"info","height":80,"fields":{"title":"活着"}},
      {"id":"c","kind":"rating","height":44,"fields":{"average":9.1}},
      {"id":"a","kind":"info","height":80,"fields":{"title":"三体"}},
      {"id":"d","kind":"info","height":80,"fields":{"title":"边城"}}]}]}
    """#

  /// A fresh folder holding the given files.
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diff-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }
    return url
  }

  private func run(_ arguments: [String], in directory: URL) async -> (ExitCode, String, String) {
    let out = MemorySink()
    let err = MemorySink()
    let paths = arguments.map {
      $0.hasSuffix(".json") ? directory.appendingPathComponent($0).path : $0
    }
    let code = await Tableflow.main(["diff"] + paths, io: CommandIO(out: out, err: err))
    return (code, out.text, err.text)
  }

  @Test("json prints one changeset object with sorted keys")
  func jsonOutput() async throws {
    let directory = try folder(["old.json": Self.old, "new.json": Self.new])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, out, err) = await run(["old.json", "new.json"], in: directory)
    #expect(code == .success)
    #expect(err.isEmpty)
    #expect(
      out
        == #"{"stages":[{"rowDeletes":[],"rowInserts":[],"rowMoves":[],"rowReconfigures":[],"rowReloads":[[0,2]],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[]},{"rowDeletes":[],"rowInserts":[[0,3]],"rowMoves":[[[0,0],[0,2]]],"rowReconfigures":[],"rowReloads":[],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[]}]}"#
        + "\n")
  }

  @Test("text prints one operation a line")
  func textOutput() async throws {
    let directory = try folder(["old.json": Self.old, "new.json": Self.new])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, out, _) = await run(["old.json", "new.json", "--format", "text"], in: directory)
    #expect(code == .success)
    #expect(
      out.split(separator: "\n") == [
        #"stage 1: reload row 0.2 "c""#, #"stage 2: insert row 0.3 "d""#,
        #"stage 2: move row 0.0 -> 0.2 "a""#,
      ])
  }

  @Test("equal snapshots print an empty changeset")
  func noChanges() async throws {
    let directory = try folder(["old.json": Self.old])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(await run(["old.json", "old.json"], in: directory).1 == #"{"stages":[]}"# + "\n")
    #expect(await run(["old.json", "old.json", "--format=text"], in: directory).1 == "no changes\n")
  }

  @Test("invalid JSON exits 65 with one line naming file, line and column")
  func invalidJSON() async throws {
    let broken = "{\"sections\":[\n  {\"id\":\"s\" \"rows\":[]}]}"
    let directory = try folder(["old.json": Self.old, "bad.json": broken])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, out, err) = await run(["old.json", "bad.json"], in: directory)
    #expect(code == .dataError)
    #expect(out.isEmpty)
    #expect(
      err.hasPrefix(
        "tableflow: diff: \(directory.appendingPathComponent("bad.json").path):2:13: invalid JSON"))
    #expect(err.filter { $0 == "\n" }.count == 1)
  }

  @Test("a duplicate id exits 65 naming the coding path and both positions")
  func duplicateID() async throws {
    let duplicate =
      #"{"sections":[{"id":"s","rows":[{"id":"x","kind":"k","height":1}]},{"id":"t","rows":[{"id":"x","kind":"k","height":1}]}]}"#
    let directory = try folder(["old.json": Self.old, "dup.json": duplicate])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, _, err) = await run(["dup.json", "old.json"], in: directory)
    #expect(code == .dataError)
    #expect(
      err.contains(
        "dup.json: sections[1].rows[0].id: duplicate row id \"x\" at section 1 row 0, first used at section 0 row 0"
      ))
  }

  @Test("--duplicates keep-first and disambiguate drop or rename, one stderr line each")
  func duplicatePolicies() async throws {
    let duplicate =
      #"{"sections":[{"id":"s","rows":[{"id":"x","kind":"k","height":1}]},{"id":"t","rows":[{"id":"x","kind":"k","height":1},{"id":"y","kind":"k","height":1}]}]}"#
    let clean = #"{"sections":[{"id":"s","rows":[{"id":"x","kind":"k","height":1}]}]}"#
    let directory = try folder(["clean.json": clean, "dup.json": duplicate])
    defer { try? FileManager.default.removeItem(at: directory) }

    let (kept, keptOut, keptErr) = await run(
      ["clean.json", "dup.json", "--duplicates", "keep-first", "--format", "text"], in: directory)
    #expect(kept == .success)
    #expect(keptErr.hasSuffix("dup.json: dropped duplicate row 'x' (section 1 row 0)\n"))
    #expect(!keptOut.isEmpty)

    let (renamed, renamedOut, renamedErr) = await run(
      ["clean.json", "dup.json", "--duplicates", "disambiguate", "--format", "text"], in: directory)
    #expect(renamed == .success)
    #expect(renamedErr.hasSuffix("dup.json: renamed duplicate row 'x' to 'x#2' (section 1 row 0)\n"))
    #expect(renamedOut == keptOut)

    let (rejected, _, _) = await run(["clean.json", "dup.json", "--duplicates", "reject"], in: directory)
    #expect(rejected == .dataError)
    let (bad, _, badErr) = await run(["clean.json", "dup.json", "--duplicates", "drop"], in: directory)
    #expect(bad == .usage)
    #expect(badErr.contains("--duplicates"))
  }

  @Test("a wrong type exits 65 naming the coding path")
  func wrongType() async throws {
    let wrong = #"{"sections":[{"id":"s","rows":[{"id":"x","kind":"k","height":"tall"}]}]}"#
    let directory = try folder(["old.json": Self.old, "wrong.json": wrong])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, _, err) = await run(["old.json", "wrong.json"], in: directory)
    #expect(code == .dataError)
    #expect(err.contains("wrong.json: sections[0].rows[0].height: "))
  }

  @Test("a missing file exits 66")
  func missingFile() async throws {
    let directory = try folder(["old.json": Self.old])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, _, err) = await run(["old.json", "absent.json"], in: directory)
    #expect(code == .noInput)
    #expect(err.hasSuffix("absent.json: no such file\n"))
  }

  @Test(
    "bad arguments exit 64",
    arguments: [
      ["old.json"], ["old.json", "old.json", "--format", "xml"], ["old.json", "old.json", "extra"],
      ["--frobnicate"],
    ])
  func badArguments(arguments: [String]) async throws {
    let directory = try folder(["old.json": Self.old])
    defer { try? FileManager.default.removeItem(at: directory) }
    let (code, out, err) = await run(arguments, in: directory)
    #expect(code == .usage)
    #expect(out.isEmpty)
    #expect(err.filter { $0 == "\n" }.count == 1)
  }

  @Test("the built binary runs diff with the documented exit codes")
  func binary() async throws {
    let directory = try folder(["old.json": Self.old, "new.json": Self.new, "bad.json": "{"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let ok = try CLIProcess.run(["diff", "old.json", "new.json", "--format", "text"], in: directory)
    #expect(ok.status == 0)
    #expect(ok.stdout.hasPrefix("stage 1: reload row 0.2 \"c\"\n"))
    #expect(try CLIProcess.run(["diff", "old.json", "bad.json"], in: directory).status == 65)
    #expect(try CLIProcess.run(["diff", "old.json", "gone.json"], in: directory).status == 66)
    #expect(try CLIProcess.run(["diff", "old.json"], in: directory).status == 64)
  }
}
