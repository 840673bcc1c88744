import Feeds
import FixtureKit
import Foundation
import TableCore
import TableFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tableflow-bench replay [BOOKS_PER_SECTION]`: a books session of at least 50 MB of JSON
/// responses and 100,000 rows, replayed through the whole pipeline (fixture reading, decode,
/// transform, diff, headless table, text log to /dev/null), against the peer: inflating the
/// same fixture and decoding its response bodies with `JSONDecoder` into the same API models,
/// nothing else. The session is `load` then `refresh`, whose responses change 10% of the books'
/// content, delete 5%, insert 5% and move 1%.
///
/// The fixture is written first by a child process (`replay-generate`), so that the figures
/// and the peak resident set are the replay's alone.
func runReplayBench() {
  let booksPerSection = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 17_000
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("tableflow-bench-replay-v2-\(booksPerSection).jsonl.gz").path
  if !FileManager.default.fileExists(atPath: path) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    child.arguments = ["replay-generate", path, String(booksPerSection)]
    do {
      try child.run()
      child.waitUntilExit()
    } catch {
      print("{\"bench\":\"replay\",\"error\":\"cannot generate the fixture: \(error)\"}")
      return
    }
  }
  let ours = replayThroughPipeline(path)
  let oursPeak = peakResidentMegabytes()
  let peer = inflateAndDecode(path)
  print(
    "{\"bench\":\"replay\",\"mb\":\(benchRounded(Double(peer.bodyBytes) / 1e6, 1)),"
      + "\"rows\":\(ours.rows),\"snapshots\":\(ours.snapshots),"
      + "\"tableflow_ms\":\(benchRounded(ours.milliseconds, 1)),\"peer\":\"inflate+JSONDecoder\","
      + "\"peer_ms\":\(benchRounded(peer.milliseconds, 1)),"
      + "\"ratio\":\(benchRounded(ours.milliseconds / peer.milliseconds, 3)),"
      + "\"first_snapshot_ms\":\(benchRounded(ours.firstAnsweredMilliseconds, 1)),"
      + "\"peak_rss_mb\":\(benchRounded(oursPeak, 1)),"
      + "\"largest_response_mb\":\(benchRounded(Double(peer.largestBody) / 1e6, 1)),"
      + "\"exit\":\(ours.exitCode)}")
}

/// Replays the fixture through the books feed and a text log writer to /dev/null; also the
/// time from the start to the first presented snapshot that shows answers (the first page).
private func replayThroughPipeline(
  _ path: String
) -> (
  milliseconds: Double, rows: Int, snapshots: Int, exitCode: Int32, firstAnsweredMilliseconds: Double
) {
  let start = ContinuousClock.now
  let result = blockingRun {
    do {
      let transport = try ReplayTransport(path: path)
      let session = try FeedSession(replaying: transport, feed: BooksFeed())
      // As `tableflow replay > /dev/null` does: the log streamed in pieces, written as bytes.
      let devNull = open("/dev/null", O_WRONLY)
      defer { close(devNull) }
      var rows = 0
      var answered = false
      var firstAnswered: Duration?
      let trace = ProcessInfo.processInfo.environment["TABLEFLOW_BENCH_TRACE"] != nil
      let outcome = try await session.run(
        streamingTo: { piece in
          var piece = piece
          piece.withUTF8 { bytes in _ = write(devNull, bytes.baseAddress, bytes.count) }
        }
      ) { event, _ in
        if trace {
          // The kind only: describing an event would print whole bodies.
          FileHandle.standardError.write(
            Data("\(milliseconds(ContinuousClock.now - start)) \(event.event.kind)\n".utf8))
        }
        if event.event.kind == .responsesApplied { answered = true }
        if let update = event.event.presentedUpdate {
          rows = max(rows, update.snapshot.rowCount)
          if answered, firstAnswered == nil { firstAnswered = ContinuousClock.now - start }
        }
      }
      return (
        rows, outcome.session.presentedCount, outcome.session.exitCode, firstAnswered.map(milliseconds) ?? 0
      )
    } catch {
      return (0, 0, Int32(70), 0)
    }
  }
  let elapsed = ContinuousClock.now - start
  return (milliseconds(elapsed), result.0, result.1, result.2, result.3)
}

/// The peer: every record inflated and read, every response body decoded with `JSONDecoder`.
private func inflateAndDecode(_ path: String) -> (milliseconds: Double, bodyBytes: Int, largestBody: Int) {
  let start = ContinuousClock.now
  var bodyBytes = 0
  var largest = 0
  do {
    let reader = try FixtureReader(path: path)
    let decoder = JSONDecoder()
    while let record = try reader.next() {
      guard case .response(let response) = record.entry else { continue }
      bodyBytes += response.body.count
      largest = max(largest, response.body.count)
      _ = try decoder.decode(BookCollections.self, from: Data(response.body))
    }
  } catch {
    print("{\"bench\":\"replay\",\"error\":\"peer failed: \(error)\"}")
  }
  return (milliseconds(ContinuousClock.now - start), bodyBytes, largest)
}

/// `tableflow-bench replay-generate PATH BOOKS_PER_SECTION`: writes the bench's fixture.
func runReplayGenerate() {
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  guard arguments.count == 2, let perSection = Int(arguments[1]) else {
    print("usage: tableflow-bench replay-generate PATH BOOKS_PER_SECTION")
    return
  }
  do {
    try ReplayFixtureGenerator(booksPerSection: perSection).write(to: arguments[0])
  } catch {
    print("{\"bench\":\"replay-generate\",\"error\":\"\(error)\"}")
  }
}

/// Runs an async body to completion from synchronous code.
func blockingRun<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  guard let value = box.value else { preconditionFailure("the task signalled without a value") }
  return value
}

/// Hands a value from a task to the thread waiting on a semaphore.
///
/// `@unchecked Sendable` is safe: the task writes `value` once before signalling, and the
/// waiting thread reads it only after the signal.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
