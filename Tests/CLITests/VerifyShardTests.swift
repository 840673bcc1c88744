import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("verify --shard balanced, Bazel's shard variables, --merge", .timeLimit(.minutes(5)))
struct VerifyShardTests {
  static func entries(_ names: [String]) -> VerifyPlan {
    VerifyPlan(paths: names.map { "F/\($0).jsonl.gz" })
  }

  @Test("greedy longest-first: the heaviest session alone, the rest spread; ties in sorted order")
  func greedy() {
    let plan = Self.entries(["a", "b", "c", "d", "e"])
    let weights: [String: Double] = ["F/a": 1, "F/b": 10, "F/c": 1, "F/d": 1, "F/e": 1]
    let deal = { (index: Int) in
      plan.entries(of: .init(index: index, count: 2), weights: { weights[$0.stem] ?? 0 }).map(\.stem)
    }
    // b (10) to shard 1; then a, c, d, e (1 each, in sorted order) to the lighter shard 2.
    #expect(deal(1) == ["F/b"])
    #expect(deal(2) == ["F/a", "F/c", "F/d", "F/e"])
    // Equal weights: dealt in sorted order, each to the lowest-numbered of the lightest shards.
    let even = { (index: Int) in
      plan.entries(of: .init(index: index, count: 3), weights: { _ in 1 }).map(\.stem)
    }
    #expect(even(1) == ["F/a", "F/d"])
    #expect(even(2) == ["F/b", "F/e"])
    #expect(even(3) == ["F/c"])
  }

  @Test(
    "any weights: shards are disjoint, hold every session, and none exceeds the mean by more than the heaviest"
  )
  func balanced() {
    var generator = SeededGenerator(seed: 19)
    for _ in 0..<50 {
      let count = Int.random(in: 1...40, using: &generator)
      let plan = Self.entries((0..<count).map { String(format: "s%03d", $0) })
      var weights: [String: Double] = [:]
      for entry in plan.entries { weights[entry.stem] = Double(Int.random(in: 0...500, using: &generator)) }
      let shards = Int.random(in: 1...6, using: &generator)
      var seen: [String] = []
      let total = weights.values.reduce(0, +)
      let heaviest = weights.values.max() ?? 0
      for index in 1...shards {
        let part = plan.entries(of: .init(index: index, count: shards), weights: { weights[$0.stem] ?? 0 })
        #expect(part.map(\.stem) == part.map(\.stem).sorted())
        let load = part.reduce(0) { $0 + (weights[$1.stem] ?? 0) }
        #expect(load <= total / Double(shards) + heaviest)
        seen += part.map(\.stem)
      }
      #expect(seen.sorted() == plan.entries.map(\.stem))
    }
  }

  @Test("a recorded long session gets a shard of its own; without timings, fixture size decides")
  func timingsDecide() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-shards")
    defer { folder.cleanUp() }
    for session in ["photos/session", "profile/bare", "profile/minimal", "signin/session"] {
      try VerifyRun.copy(session, into: folder, as: session.replacing("/", with: "-"))
    }
    let timings = folder.file("t.json")
    try VerifyRun.write(
      #"{"format":"tableflow-timings","version":1,"durations_ms":{"profile-bare.jsonl.gz":900,"# + "\n"
        + #""photos-session.jsonl.gz":10,"profile-minimal.jsonl.gz":10,"signin-session.jsonl.gz":10}}"#,
      to: timings)
    let first = try await VerifyRun.verify([folder.path, "--shard", "1/2", "--timings", timings])
    #expect(first.out == "ok    \(folder.path)/profile-bare.jsonl.gz\n1 passed, 0 failed\n")
    let second = try await VerifyRun.verify([folder.path, "--shard", "2/2", "--timings", timings])
    #expect(second.out.hasSuffix("3 passed, 0 failed\n"))
    // By size, the largest fixture goes first; together the shards still hold every session.
    let bySize = [
      try await VerifyRun.verify([folder.path, "--shard", "1/2"]).out,
      try await VerifyRun.verify([folder.path, "--shard", "2/2"]).out,
    ]
    let names = bySize.flatMap { $0.split(separator: "\n").filter { $0.hasPrefix("ok") } }
    #expect(names.count == 4 && Set(names).count == 4)
  }

  @Test("Bazel: TEST_TOTAL_SHARDS and TEST_SHARD_INDEX pick the shard; the status file is touched")
  func bazel() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-shards")
    defer { folder.cleanUp() }
    let status = folder.file("shard-status")
    let environment = ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": status]
    let bazel = try await VerifyRun.verify([VerifyRun.fixtures], environment: environment)
    let flag = try await VerifyRun.verify([VerifyRun.fixtures, "--shard", "2/3"])
    #expect(bazel.code == .success)
    #expect(bazel.out == flag.out)
    #expect(FileManager.default.fileExists(atPath: status))
    let bad = try await VerifyRun.verify(
      [VerifyRun.fixtures], environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"])
    #expect(bad.code == .usage)
    #expect(
      bad.err == "tableflow: TEST_SHARD_INDEX must be from 0 to 2 when TEST_TOTAL_SHARDS is 3 (got '3')\n")
  }

  @Test("merged shard reports equal the unsharded run's reports, byte for byte")
  func merge() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-merge")
    defer { folder.cleanUp() }
    let fixtures = VerifyRun.fixtures
    let whole = try await VerifyRun.verify(
      [fixtures, "--jobs", "1", "--json", folder.file("all.json"), "--junit", folder.file("all.xml")])
    var reports: [String] = []
    for index in 1...3 {
      let path = folder.file("shard\(index).json")
      _ = try await VerifyRun.verify([fixtures, "--jobs", "1", "--shard", "\(index)/3", "--json", path])
      reports.append(path)
    }
    let merged = try await VerifyRun.verify(
      ["--merge"] + reports.reversed()
        + [
          "--json", folder.file("merged.json"), "--junit", folder.file("merged.xml"), "--timings",
          folder.file("t.json"),
        ])
    #expect(merged.code == .success, "\(merged.err)")
    #expect(VerifyRun.read(folder.file("merged.json")) == VerifyRun.read(folder.file("all.json")))
    #expect(VerifyRun.read(folder.file("merged.xml")) == VerifyRun.read(folder.file("all.xml")))
    let verdicts = { (out: String) in out.split(separator: "\n").filter { !$0.hasPrefix("wrote") } }
    #expect(verdicts(merged.out) == verdicts(whole.out))
    let timings = try VerifyTimings.parse(Array(VerifyRun.read(folder.file("t.json")).utf8))
    #expect(timings.milliseconds.count == VerifyCommandTests.sessionCount)
    #expect(timings.milliseconds["books/session.jsonl.gz"] == 5)
  }

  @Test(
    "merging refuses overlapping shards, other tool versions and damaged reports; a missing shard fails it")
  func mergeRefusals() async throws {
    let folder = try TemporaryDirectory(prefix: "verify-merge")
    defer { folder.cleanUp() }
    let fixtures = VerifyRun.fixtures
    for index in 1...2 {
      _ = try await VerifyRun.verify([
        fixtures, "--shard", "\(index)/2", "--json", folder.file("s\(index).json"),
      ])
    }
    _ = try await VerifyRun.verify(
      [fixtures, "--shard", "1/2", "--json", folder.file("other.json")],
      tool: ToolIdentity(name: "tableflow", version: "99.0.0"))
    let (s1, s2, other) = (folder.file("s1.json"), folder.file("s2.json"), folder.file("other.json"))

    let twice = try await VerifyRun.verify(["--merge", s1, s1])
    #expect(twice.code == .dataError)
    #expect(
      twice.err == "tableflow: refusing to merge \(s1) with \(s1): overlapping shards (both are shard 1/2)\n")

    let versions = try await VerifyRun.verify(["--merge", s2, other])
    #expect(versions.code == .dataError)
    #expect(versions.err.contains("written by different tool versions ('tableflow 99.0.0' and 'tableflow "))

    let single = try await VerifyRun.verify([fixtures, "--json", folder.file("all.json")])
    #expect(single.code == .success)
    let overlap = try await VerifyRun.verify(["--merge", folder.file("all.json"), s1])
    #expect(overlap.code == .dataError)
    #expect(overlap.err.contains("overlapping shards of different deals (shard 1/2 and 1/1)"))

    let missing = try await VerifyRun.verify(["--merge", s2])
    #expect(missing.code == .goldenMismatch)
    #expect(missing.err == "tableflow: warning: shard 1/2 missing: the merged report is incomplete\n")

    try VerifyRun.write(VerifyRun.read(s1) + "{\"fixture\":1}\n", to: s1)
    let damaged = try await VerifyRun.verify(["--merge", s1, s2])
    #expect(damaged.code == .dataError)
    #expect(damaged.err.hasPrefix("tableflow: \(s1): line "))
    #expect(damaged.err.split(separator: "\n").count == 1)

    let html = try await VerifyRun.verify(["--merge", s2, "--html", folder.file("x.html")])
    #expect(html.code == .usage)
    let overInput = try await VerifyRun.verify(["--merge", s2, "--junit", s2])
    #expect(overInput.code == .usage)
    #expect(overInput.err.contains("is an input of this command"))
  }
}
