// tableflow-bench BENCH: prints one JSON line per figure. Each bench lives in its own file.

let benches: [String: () -> Void] = [
  "diff": runDiffBench,
  "duplicates": runDuplicatesBench,
  "incremental": runIncrementalBench,
  "bounds": runBoundsBench,
  "bounds-generate": runBoundsGenerate,
  "bounds-replay": runBoundsReplay,
  "bus": runBusBench,
  "decode": runDecodeBench,
  "fixture": runFixtureBench,
  "replay": runReplayBench,
  "replay-generate": runReplayGenerate,
  "responsiveness": runResponsivenessBench,
  "spec": runSpecBench,
  "verify": runVerifyBench,
]

let name = CommandLine.arguments.dropFirst().first ?? ""
if let bench = benches[name] {
  bench()
} else {
  let known = benches.keys.sorted().joined(separator: ", ")
  print("usage: tableflow-bench BENCH (one of: \(known))")
}
