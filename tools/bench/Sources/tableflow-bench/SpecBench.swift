import Feeds
import Foundation
import TableFlow

/// `tableflow-bench spec [BOOKS_PER_SECTION] [ROUNDS]`: the replay bench's books session
/// (written by `replay-generate`, 3,000 books per section by default: `load`, then a `refresh`
/// that changes, deletes, inserts and moves some of them) replayed through the whole pipeline
/// twice per round, once with the Swift `BooksFeed` and once with the same feed as a spec
/// (`Examples/Specs/books.tableflow.json`), alternately, in the same process. Prints the median
/// of each and their ratio (the spec feed's target: at most 1.5), then the incremental figure
/// (``SpecIncrementalBench``: a refresh that changes one book), both feeds in the same run, and
/// the one-minute load average.
func runSpecBench() {
  let arguments = CommandLine.arguments.dropFirst(2)
  let booksPerSection = arguments.first.flatMap { Int($0) } ?? 3_000
  let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("tableflow-bench-replay-v2-\(booksPerSection).jsonl.gz").path
  if !FileManager.default.fileExists(atPath: path) {
    do {
      try ReplayFixtureGenerator(booksPerSection: booksPerSection).write(to: path)
    } catch {
      print("{\"bench\":\"spec\",\"error\":\"cannot generate the fixture: \(error)\"}")
      return
    }
  }
  let specPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../Examples/Specs/books.tableflow.json").standardized.path
  let spec: SpecFeed
  do {
    spec = try SpecFeed(contentsOf: specPath)
  } catch {
    print("{\"bench\":\"spec\",\"error\":\"\(error.lines.first ?? "")\"}")
    return
  }
  var swiftTimes: [Double] = []
  var specTimes: [Double] = []
  var rows = (swift: 0, spec: 0)
  for _ in 0..<max(1, rounds) {
    let swift = replay(path, feed: BooksFeed())
    let ours = replay(path, feed: spec)
    swiftTimes.append(swift.milliseconds)
    specTimes.append(ours.milliseconds)
    rows = (swift.rows, ours.rows)
  }
  let swiftMedian = median(swiftTimes)
  let specMedian = median(specTimes)
  print(
    "{\"bench\":\"spec\",\"books_per_section\":\(booksPerSection),\"rounds\":\(rounds),"
      + "\"rows\":\(rows.spec),\"same_rows\":\(rows.spec == rows.swift),"
      + "\"spec_ms\":\(benchRounded(specMedian, 1)),\"peer\":\"BooksFeed (Swift)\","
      + "\"peer_ms\":\(benchRounded(swiftMedian, 1)),\"ratio\":\(benchRounded(specMedian / swiftMedian, 3)),"
      + "\"load\":\(benchRounded(loadAverage(), 2))}")
  runSpecIncremental(booksPerSection: booksPerSection, spec: spec)
}

/// `{"bench":"spec-incremental",…}`: one changed book in a refresh, spec and Swift feed.
private func runSpecIncremental(booksPerSection: Int, spec: SpecFeed) {
  let bench = SpecIncrementalBench(booksPerSection: booksPerSection, runs: 21)
  guard let answers = try? bench.answers() else {
    print("{\"bench\":\"spec-incremental\",\"error\":\"cannot make the answers\"}")
    return
  }
  var ours = SpecIncrementalBench.Figures()
  var peer = SpecIncrementalBench.Figures()
  // Alternately, so both see the same machine.
  for _ in 0..<3 {
    let spec = bench.measure(spec, answers: answers)
    let swift = bench.measure(BooksFeed(), answers: answers)
    ours.decode += spec.decode
    ours.build += spec.build
    peer.decode += swift.decode
    peer.build += swift.build
    (ours.rows, ours.operations, ours.valid) = (spec.rows, spec.operations, ours.valid && spec.valid)
    (peer.rows, peer.operations, peer.valid) = (swift.rows, swift.operations, peer.valid && swift.valid)
  }
  let ratio = median(ours.total) / median(peer.total)
  print(
    "{\"bench\":\"spec-incremental\",\"case\":\"retitle-one-book\",\"rows\":\(ours.rows),"
      + "\"same_rows\":\(ours.rows == peer.rows),\"operations\":\(ours.operations),"
      + "\"peer_operations\":\(peer.operations),\"runs\":\(ours.total.count),"
      + "\"spec_ms\":\(benchRounded(median(ours.total), 3)),\"spec_decode_ms\":\(benchRounded(median(ours.decode), 3)),"
      + "\"spec_build_ms\":\(benchRounded(median(ours.build), 3)),\"peer\":\"BooksFeed (Swift)\","
      + "\"peer_ms\":\(benchRounded(median(peer.total), 3)),\"peer_decode_ms\":\(benchRounded(median(peer.decode), 3)),"
      + "\"peer_build_ms\":\(benchRounded(median(peer.build), 3)),\"ratio\":\(benchRounded(ratio, 3)),"
      + "\"build_ratio\":\(benchRounded(median(ours.build) / median(peer.build), 3)),"
      + "\"valid\":\(ours.valid && peer.valid),\"load\":\(benchRounded(loadAverage(), 2))}")
}

/// Replays `path` through `feed` with a text log (discarded); the time and the most rows shown.
private func replay(_ path: String, feed: any Feed) -> (milliseconds: Double, rows: Int) {
  let start = ContinuousClock.now
  let rows = blockingRun {
    do {
      let session = try FeedSession(replaying: try ReplayTransport(path: path), feed: feed)
      var rows = 0
      _ = try await session.run(keepsLog: false) { event, _ in
        if let update = event.event.presentedUpdate { rows = max(rows, update.snapshot.rowCount) }
      }
      return rows
    } catch {
      return -1
    }
  }
  return (milliseconds(ContinuousClock.now - start), rows)
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
