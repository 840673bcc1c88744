import Feeds
import FixtureKit
import Foundation
import TableFlow

/// `tableflow-bench bounds [SCALE]`: replay memory against the rule peak RSS ≤ 3 × the largest
/// record + 100 MB, for the profile sessions of issue 17: many refreshes of a 4 MB body, a few
/// of a 40 MB body, many small intents, and many refreshes that fail. Each fixture is written
/// by one child process and replayed by another, so each peak is that replay's alone. `SCALE`
/// (default 1) multiplies the counts: 200 × 4 MB, 20 × 40 MB, 6,000,000 intents and 100,000
/// failing refreshes at scale 1.
func runBoundsBench() {
  let scale = CommandLine.arguments.dropFirst(2).first.flatMap { Double($0) } ?? 1
  let cases: [(name: String, count: Int, bodyBytes: Int)] = [
    ("refreshes-4mb", Int(200 * scale), 4_000_000),
    ("refreshes-40mb", max(2, Int(20 * scale)), 40_000_000),
    ("intents", Int(6_000_000 * scale), 0),
    ("failing-refreshes", Int(100_000 * scale), 0),
  ]
  for (name, count, bodyBytes) in cases {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-bench-bounds-\(name)-\(count).jsonl.gz").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard runChild(["bounds-generate", name, path, String(count), String(bodyBytes)]) != nil,
      let replay = runChild(["bounds-replay", path])
    else {
      print("{\"bench\":\"bounds\",\"case\":\"\(name)\",\"error\":\"child failed\"}")
      continue
    }
    print(replay.replacingOccurrences(of: "{", with: "{\"case\":\"\(name)\",\"count\":\(count),", range: nil))
  }
}

/// Runs this program with `arguments`; its standard output, or `nil` when it failed.
private func runChild(_ arguments: [String]) -> String? {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
  child.arguments = arguments
  let output = Pipe()
  child.standardOutput = output
  do {
    try child.run()
  } catch {
    return nil
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  child.waitUntilExit()
  guard child.terminationStatus == 0 else { return nil }
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// `tableflow-bench bounds-generate CASE PATH COUNT BODY_BYTES`: writes one case's fixture the
/// way a recording does (each intent, then its request and answer).
func runBoundsGenerate() {
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  guard arguments.count == 4, let count = Int(arguments[2]), let bodyBytes = Int(arguments[3]) else {
    print("usage: tableflow-bench bounds-generate CASE PATH COUNT BODY_BYTES")
    exit(64)
  }
  do {
    let writer = try FixtureWriter(
      path: arguments[1], header: FixtureHeader(feed: "profile", tool: "tableflow-bench"), level: 1)
    let small = try profileBody(bytes: 2_000, revision: 0)
    let url = "/api/profile"
    func answer(_ body: [UInt8]) throws {
      let request = try writer.append(.request(RecordedRequest(method: "GET", url: url)))
      try writer.append(.response(RecordedResponse(request: request, status: 200, body: body)))
    }
    switch arguments[0] {
    case "intents":
      try writer.append(.intent("load"))
      try answer(small)
      for index in 0..<count {
        try writer.append(.intent(index.isMultiple(of: 2) ? "collapse about" : "expand about"))
      }
    case "failing-refreshes":
      try writer.append(.intent("load"))
      try answer(small)
      for _ in 0..<count {
        try writer.append(.intent("refresh"))
        let request = try writer.append(.request(RecordedRequest(method: "GET", url: url)))
        try writer.append(
          .error(RecordedFailure(request: request, code: "unreachable", message: "connection refused")))
      }
    default:
      try writer.append(.intent("load"))
      try answer(try profileBody(bytes: bodyBytes, revision: 0))
      for revision in 1..<max(count, 1) {
        try writer.append(.intent("refresh"))
        try answer(try profileBody(bytes: bodyBytes, revision: revision))
      }
    }
    try writer.finish()
  } catch {
    print("{\"bench\":\"bounds-generate\",\"error\":\"\(error)\"}")
    exit(70)
  }
}

/// A profile answer of about `bytes` bytes: friends with long names, each refresh renaming a few.
private func profileBody(bytes: Int, revision: Int) throws -> [UInt8] {
  let perFriend = 200
  let friends = (0..<max(1, bytes / perFriend)).map { index in
    let name = "Friend \(index)\(index % 97 == revision % 97 ? " (\(revision))" : "") "
    return Friend(name: name + String(repeating: "x", count: perFriend - 40 - name.count))
  }
  let profile = Profile(
    id: 7, fullName: "Bench Profile \(revision)", pictureUrl: "https://example.com/p.png",
    email: "bench@example.com", about: "About the bench.", friends: friends,
    profileAttributes: [ProfileAttribute(key: "Revision", value: String(revision))])
  return Array(try JSONEncoder().encode(ProfileResponse(data: profile)))
}

/// `tableflow-bench bounds-replay PATH`: replays one fixture, log to /dev/null; one JSON line.
func runBoundsReplay() {
  let path = CommandLine.arguments.dropFirst(2).first ?? ""
  var largest = 0
  do {
    let reader = try FixtureReader(path: path)
    while try reader.next() != nil { largest = max(largest, reader.lastRecordSize) }
  } catch {
    print("{\"error\":\"\(error)\"}")
    exit(70)
  }
  let start = ContinuousClock.now
  let result = blockingRun { () async -> (Int32, Int) in
    do {
      let fixture = try ReplayTransport(path: path)
      let session = try FeedSession(replaying: fixture, feed: ProfileFeed())
      let devNull = FileHandle(forWritingAtPath: "/dev/null")
      // The log streams to /dev/null as `tableflow replay` writes its standard output: in
      // pieces of whole lines (gathered up to 64 KB, as its output sink does), so no event's
      // text (a whole table) is held as one string.
      var buffer = ""
      func flush() {
        buffer.withUTF8 { bytes in
          var offset = 0
          while offset < bytes.count, let base = bytes.baseAddress, let devNull {
            let written = write(devNull.fileDescriptor, base + offset, bytes.count - offset)
            guard written > 0 else { break }
            offset += written
          }
        }
        buffer.removeAll(keepingCapacity: true)
      }
      let outcome = try await session.run(streamingTo: { piece in
        buffer += piece
        if buffer.utf8.count >= 1 << 16 { flush() }
      })
      flush()
      return (outcome.session.exitCode, outcome.session.presentedCount)
    } catch {
      return (70, 0)
    }
  }
  let elapsed = milliseconds(ContinuousClock.now - start)
  let peak = peakResidentMegabytes()
  let bound = 3 * Double(largest) / 1e6 + 100
  print(
    "{\"bench\":\"bounds\",\"largest_record_mb\":\(benchRounded(Double(largest) / 1e6, 2)),"
      + "\"peak_rss_mb\":\(benchRounded(peak, 1)),\"bound_mb\":\(benchRounded(bound, 1)),"
      + "\"within\":\(peak <= bound),\"ms\":\(benchRounded(elapsed, 0)),\"snapshots\":\(result.1),"
      + "\"exit\":\(result.0),\"load\":\(benchRounded(loadAverage(), 2))}")
}
