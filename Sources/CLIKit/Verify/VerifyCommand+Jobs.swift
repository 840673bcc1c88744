import Foundation

extension VerifyCommand {
  /// Parses `--jobs`: a positive count, by default the number of active cores.
  /// - Throws: `CommandFailure` (64) for anything else.
  static func jobs(_ text: String?) throws(CommandFailure) -> Int {
    guard let text else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
    guard let count = Int(text), count >= 1 else {
      throw CommandFailure(.usage, "--jobs expects a count of at least 1 (got '\(text)')")
    }
    return count
  }

  /// Runs `work` for `0..<count`, at most `jobs` at once, and hands each result to `deliver`
  /// in index order as soon as every earlier one has been delivered.
  static func forEachInOrder<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) async -> Result,
    deliver: (Int, Result) -> Void
  ) async {
    await withTaskGroup(of: (Int, Result).self) { group in
      var started = 0
      var nextToDeliver = 0
      var finished: [Int: Result] = [:]
      while started < min(jobs, count) {
        let index = started
        group.addTask { (index, await work(index)) }
        started += 1
      }
      while let (index, result) = await group.next() {
        finished[index] = result
        while let ready = finished.removeValue(forKey: nextToDeliver) {
          deliver(nextToDeliver, ready)
          nextToDeliver += 1
        }
        if started < count {
          let index = started
          group.addTask { (index, await work(index)) }
          started += 1
        }
      }
    }
  }

  /// Every file below `folder`, sorted, as paths that start with the folder as given.
  static func files(under folder: URL, as given: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    let prefix = given.hasSuffix("/") ? given : given + "/"
    var paths: [String] = []
    while let relative = enumerator.nextObject() as? String {
      paths.append(prefix + relative)
    }
    return paths.sorted()
  }

  /// How heavy each entry is when shards are dealt: its recorded duration when `timings` has
  /// any (a session it lacks weighs the mean of those it has), else its fixture's size in
  /// bytes. A golden or sidecar without a fixture weighs nothing.
  static func weights(
    timings: VerifyTimings?, folder: String
  ) -> (VerifyPlan.Entry) -> Double {
    if let timings, !timings.milliseconds.isEmpty {
      // Summed in sorted order: every shard's process must compute the same mean, bit for bit.
      let known = timings.milliseconds.values.sorted()
      let mean = known.reduce(0, +) / Double(known.count)
      return { entry in
        guard let fixture = entry.fixture else { return 0 }
        return timings.milliseconds[VerifyTimings.key(fixture, folder: folder)] ?? mean
      }
    }
    return { entry in
      var status = stat()
      guard let fixture = entry.fixture, stat(fixture, &status) == 0 else { return 0 }
      return Double(status.st_size)
    }
  }
}
