import CLIKit
import Foundation

/// `tableflow-bench verify [COPIES]`: `tableflow verify` over a corpus of COPIES (default 200)
/// copies of the shipped `Fixtures/` folder, with `--jobs 1` (the peer) and `--jobs 2`, run
/// in this process through the same entry point as the command. Each is timed three times,
/// alternating, and the fastest kept, since the machine is shared; the figure is the speed-up
/// `jobs1_ms / jobs2_ms` (target ≥ 1.7 on two cores). Both runs must pass and print the same.
/// `jobs1_cpu_ms` is the process's CPU time during the fastest `--jobs 1` run: a ratio to its
/// wall time near 1 means one job keeps one core busy, so a second core can double the rate
/// when it is free (on a loaded machine it is not, and the speed-up shows that too).
func runVerifyBench() {
  let copies = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200
  let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../../Fixtures").standardizedFileURL
  let corpus = FileManager.default.temporaryDirectory
    .appendingPathComponent("tableflow-bench-verify-\(ProcessInfo.processInfo.processIdentifier)")
  defer { try? FileManager.default.removeItem(at: corpus) }
  var sessions = 0
  do {
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    for copy in 0..<copies {
      try FileManager.default.copyItem(
        at: fixtures, to: corpus.appendingPathComponent(String(format: "copy-%03d", copy)))
    }
    sessions =
      (FileManager.default.enumerator(atPath: corpus.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".jsonl.gz") }.count
  } catch {
    print("{\"bench\":\"verify\",\"error\":\"cannot build the corpus: \(error)\"}")
    return
  }
  var best: [Int: Double] = [:]
  var cpu: [Int: Double] = [:]
  var outputs: [Int: String] = [:]
  var codes: [Int: Int32] = [:]
  for _ in 0..<3 {
    for jobs in [1, 2] {
      let out = MemorySink()
      let cpuStart = processCPUMilliseconds()
      let start = ContinuousClock.now
      let code = blockingRun {
        await Tableflow.main(
          ["verify", corpus.path, "--jobs", String(jobs)], io: CommandIO(out: out, err: MemorySink()))
      }
      let elapsed = milliseconds(ContinuousClock.now - start)
      if elapsed < best[jobs] ?? .infinity {
        best[jobs] = elapsed
        cpu[jobs] = processCPUMilliseconds() - cpuStart
      }
      outputs[jobs] = out.text
      codes[jobs] = code.rawValue
    }
  }
  let one = best[1] ?? .nan
  let two = best[2] ?? .nan
  print(
    "{\"bench\":\"verify\",\"copies\":\(copies),\"sessions\":\(sessions),"
      + "\"cores\":\(ProcessInfo.processInfo.activeProcessorCount),"
      + "\"jobs2_ms\":\(benchRounded(two, 1)),\"peer\":\"verify --jobs 1\","
      + "\"jobs1_ms\":\(benchRounded(one, 1)),\"speedup\":\(benchRounded(one / two, 2)),"
      + "\"jobs1_cpu_ms\":\(benchRounded(cpu[1] ?? .nan, 1)),\"jobs2_cpu_ms\":\(benchRounded(cpu[2] ?? .nan, 1)),"
      + "\"load_average\":\(benchRounded(loadAverage(), 2)),"
      + "\"same_output\":\(outputs[1] == outputs[2]),"
      + "\"exit_jobs1\":\(codes[1] ?? -1),\"exit_jobs2\":\(codes[2] ?? -1)}")
}

/// User plus system CPU time of this process so far, in milliseconds.
private func processCPUMilliseconds() -> Double {
  var time = timespec()
  guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return .nan }
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}
