import FixtureKit
import Foundation

/// `tableflow-bench fixture`: writing and reading a fixture of at least 50 MB of JSON Lines
/// (Douban-shaped JSON response bodies, stored as escaped text) against zlib's one-shot
/// `compress2` / `uncompress` on the same JSON Lines bytes, in the same process. Writing
/// includes encoding, a sync flush per record, file writes, fsync and the rename; reading
/// includes file reads, inflate, the envelope scan and every body unescaped into bytes.
/// Medians of 5 runs. `compressed_bytes` is our file's size, `gzip6_bytes` what `gzip -6`
/// makes of the same JSON Lines.
func runFixtureBench() {
  let entries = FixtureWorkload.entries(targetBytes: 57_000_000)
  let header = FixtureHeader(feed: "books", tool: "tableflow-bench", params: ["user": "pmtao"])
  let directory = NSTemporaryDirectory() + "tableflow-fixture-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: directory) }
  let path = directory + "/bench.jsonl.gz"

  // Write once untimed so the file and the peer's input exist.
  var uncompressed = 0
  writeFixture(entries, header: header, path: path, uncompressed: &uncompressed)
  let compressedBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1

  // The exact JSON Lines bytes, via the system gzip (not timed).
  let jsonl = FixtureWorkload.run("/usr/bin/env", ["gzip", "-dc", path])
  let jsonlPath = directory + "/bench.jsonl"
  _ = FileManager.default.createFile(atPath: jsonlPath, contents: Data(jsonl))
  let gzip6Bytes = FixtureWorkload.run("/usr/bin/env", ["gzip", "-6", "-c", jsonlPath]).count
  let oneShot = Zlib.compressOneShot(jsonl, level: 6) ?? []

  // Ours and the peer alternate, so a busy shared machine slows both alike.
  var write = FixtureWorkload.Timings()
  var peerWrite = FixtureWorkload.Timings()
  var read = FixtureWorkload.Timings()
  var peerRead = FixtureWorkload.Timings()
  var recordsRead = 0
  var bodyBytes = 0
  var inflatedOK = false
  for _ in 0..<5 {
    write.measure { writeFixture(entries, header: header, path: path, uncompressed: &uncompressed) }
    peerWrite.measure { _ = Zlib.compressOneShot(jsonl, level: 6) }
    read.measure { (recordsRead, bodyBytes) = readFixture(path) }
    peerRead.measure {
      inflatedOK = Zlib.uncompressOneShot(oneShot, originalSize: jsonl.count)?.count == jsonl.count
    }
  }

  let mb = benchRounded(Double(uncompressed) / 1_000_000, 1)
  let sizes =
    "\"compressed_bytes\":\(compressedBytes),\"gzip6_bytes\":\(gzip6Bytes),"
    + "\"size_ratio\":\(benchRounded(Double(compressedBytes) / Double(gzip6Bytes), 4))"
  print(
    "{\"bench\":\"fixture-write\",\"mb\":\(mb),\"records\":\(entries.count),"
      + write.figures(against: peerWrite) + ",\(sizes)}")
  print(
    "{\"bench\":\"fixture-read\",\"mb\":\(mb),\"records\":\(recordsRead),\"body_bytes\":\(bodyBytes),"
      + read.figures(against: peerRead) + ",\"peer_valid\":\(inflatedOK),\(sizes)}")
}

/// Writes the whole fixture: encoding, sync flushes, file writes, fsync and rename.
private func writeFixture(
  _ entries: [FixtureRecord.Entry], header: FixtureHeader, path: String, uncompressed: inout Int
) {
  do {
    let writer = try FixtureWriter(path: path, header: header)
    for entry in entries { try writer.append(entry) }
    try writer.finish()
    uncompressed = writer.uncompressedBytes
  } catch {
    print("{\"bench\":\"fixture-write\",\"error\":\"\(error)\"}")
  }
}

/// Reads every record, bodies unescaped into bytes; returns the record count and body bytes.
private func readFixture(_ path: String) -> (records: Int, bodyBytes: Int) {
  var records = 0
  var bodyBytes = 0
  do {
    let reader = try FixtureReader(path: path)
    while let record = try reader.next() {
      records += 1
      if case .response(let response) = record.entry { bodyBytes += response.body.count }
    }
  } catch {
    print("{\"bench\":\"fixture-read\",\"error\":\"\(error)\"}")
  }
  return (records, bodyBytes)
}

/// The fixture bench's data and helpers.
private enum FixtureWorkload {
  /// A books session: each page of 40 books is a request, a response of about 130 KB of
  /// Douban-shaped JSON and an intent, until the JSON Lines reach `targetBytes`.
  static func entries(targetBytes: Int) -> [FixtureRecord.Entry] {
    var random = BenchRandom(seed: 4)
    var entries: [FixtureRecord.Entry] = []
    var total = 0
    var page = 0
    while total < targetBytes {
      let url = "/v2/book/user/pmtao/collections?status=wish&start=\(page * 40)&count=40"
      entries.append(.intent(page == 0 ? "load" : "load-more wish"))
      entries.append(
        .request(
          RecordedRequest(method: "GET", url: url, headers: [FixtureField("Accept", "application/json")])))
      let body = Array(booksPage(start: page * 40, random: &random).utf8)
      total += body.count + body.count / 8
      entries.append(
        .response(
          RecordedResponse(
            request: entries.count, status: 200,
            headers: [FixtureField("Content-Type", "application/json; charset=utf-8")], body: body,
            elapsedMilliseconds: Double(random.next() % 200_000) / 1000)))
      page += 1
    }
    return entries
  }

  private static let words = [
    "三体", "地球", "文明", "宇宙", "黑暗", "森林", "科幻", "小说", "历史", "人类", "未来", "故事",
    "the", "of", "and", "novel", "history", "science", "fiction", "universe", "a", "classic",
    "读者", "作者", "出版", "评论", "经典", "世界", "时间", "记忆", "city", "river", "night",
  ]

  private static func text(words count: Int, random: inout BenchRandom) -> String {
    (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
  }

  private static func booksPage(start: Int, random: inout BenchRandom) -> String {
    var books: [String] = []
    for index in 0..<40 {
      let id = 1_000_000 + start + index
      let average = Double(random.next() % 100) / 10
      let raters = random.next() % 100_000
      books.append(
        "{\"status\":\"wish\",\"updated\":\"2024-0\(1 + index % 9)-1\(index % 10) 10:2\(index % 10):00\","
          + "\"book_id\":\"\(id)\",\"book\":{\"id\":\"\(id)\",\"title\":\"\(text(words: 3, random: &random))\","
          + "\"author\":[\"\(text(words: 2, random: &random))\",\"\(text(words: 1, random: &random))\"],"
          + "\"publisher\":\"\(text(words: 2, random: &random))出版社\",\"isbn13\":\"978\(id)\(index % 10)\","
          + "\"price\":\"\(10 + random.next() % 90).00元\",\"pubdate\":\"20\(10 + index % 14)-\(1 + index % 12)\","
          + "\"rating\":{\"max\":10,\"numRaters\":\(raters),\"average\":\"\(average)\",\"min\":0},"
          + "\"tags\":[{\"count\":\(random.next() % 5000),\"name\":\"\(text(words: 1, random: &random))\"}],"
          + "\"summary\":\"\(text(words: 260, random: &random))\\n\\n\(text(words: 80, random: &random))\"}}")
    }
    return "{\"count\":40,\"start\":\(start),\"total\":100000,\"collections\":["
      + books.joined(separator: ",")
      + "]}"
  }

  /// Wall and CPU times of repeated runs, in milliseconds.
  struct Timings {
    var wall: [Double] = []
    var cpu: [Double] = []

    /// Runs `body` once and records its times.
    mutating func measure(_ body: () -> Void) {
      let cpuBefore = threadCPUMilliseconds()
      let elapsed = ContinuousClock().measure(body)
      cpu.append(threadCPUMilliseconds() - cpuBefore)
      let (seconds, attoseconds) = elapsed.components
      wall.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    /// `"tableflow_ms":…,"peer":…,"peer_ms":…,"ratio":…` from wall-time medians, plus the same
    /// in CPU time (steadier on a shared machine).
    func figures(against peer: Timings) -> String {
      let ours = median(wall)
      let theirs = median(peer.wall)
      let oursCPU = median(cpu)
      let theirsCPU = median(peer.cpu)
      return
        "\"tableflow_ms\":\(benchRounded(ours, 1)),\"peer\":\"zlib-one-shot\",\"peer_ms\":\(benchRounded(theirs, 1)),"
        + "\"ratio\":\(benchRounded(ours / theirs, 3)),\"tableflow_cpu_ms\":\(benchRounded(oursCPU, 1)),"
        + "\"peer_cpu_ms\":\(benchRounded(theirsCPU, 1)),\"cpu_ratio\":\(benchRounded(oursCPU / theirsCPU, 3))"
    }

    private func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    private func threadCPUMilliseconds() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
  }

  /// Runs a program and returns its standard output.
  static func run(_ executable: String, _ arguments: [String]) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
  }

}
