import Foundation
import TableCore
import TableFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tableflow-bench incremental`: a large screen whose answer changes one row, timed from the
/// decoded answer to the presented update, as a feed written from the README runs.
///
/// Each run takes the next answer decoded (before the clock starts) as the decode stage decodes
/// an answer to a request it answered before (`JSONDecoding.decode(_:from:sharingStringsWith:)`:
/// strings that did not change are the shown answer's, changed ones new; the append-page
/// case's page is new, every string in storage of its own) and does what the pipeline does with it, through
/// public API: the screen's `sections(for:)` on its state, whose rows are memoised
/// (``ScreenState/rows(_:of:row:)``: only the changed item's row is built), the snapshot
/// validated against the one shown (`SnapshotBuilder.build(updating:)`), the diff, and the
/// update applied to the screen's `HeadlessTable` (the present stage's work). Between runs, the
/// state goes back to the shown answer, untimed. Bus hops are measured by `tableflow-bench bus`.
///
/// Cases, on `IssuesScreen` (a summary of three rows and a section of issues): `retitle` (one
/// issue's title changes: one reconfigure) and `close` (one issue leaves and the header goes
/// from "10000 issues" to "9999 issues": one delete, a section update and two summary
/// reconfigures), in 10,003 rows and (`-100k`) 100,003 rows; on `PagedIssuesScreen`,
/// `append-page`: a page of 20 issues appended to a 100,000-row section of 5,000 pages, with
/// the load-more row the transform stage puts after it, and `decode_ms`, the median time
/// `JSONDecoder` takes to decode that page's response.
///
/// Each prints the median, minimum and maximum of the runs (wall time; the median thread CPU
/// time too, which a loaded machine disturbs less), the parts' medians, `rebuild_ms`: the same
/// path with every row built again (`sections(for:)` without the memo, as before it), and for
/// 10,003 rows the peer: the rebuild and full validation with a DifferenceKit-style diff
/// (``HeckelPeer``) of the flattened rows.
///
/// `tableflow-bench incremental CASE` runs that case alone; `--profile` after it runs only the
/// timed path (no rebuild, peer or check), 20 times as often, for a profiler.
func runIncrementalBench() {
  let arguments = CommandLine.arguments.dropFirst(2)
  let only = arguments.first { !$0.hasPrefix("--") }
  IncrementalRuns.profiling = arguments.contains("--profile")
  for (name, count) in [
    ("retitle", 10_000), ("close", 10_000), ("retitle-100k", 100_000), ("close-100k", 100_000),
  ] where only == nil || only == name {
    let made = IssueList.make(count: count)
    var after = made
    let changed = count / 2
    if name.hasPrefix("retitle") {
      after.issues[changed].title += " (edited)"
    } else {
      after.issues.remove(at: changed)
      after.closed += 1
    }
    // Both answers decoded as the decode stage decodes answers to one request: the next one
    // shares the shown one's strings where they did not change.
    let shared = JSONDecoding.SharedStrings()
    let before = IssueList.decoded(made, sharing: shared)
    let afterBody = Array((try? JSONEncoder().encode(after)) ?? Data())
    let screen = IssuesScreen()
    var state = ScreenState<IssueList>(pages: ["main": [before]])
    let measured = IncrementalRuns(runs: count > 10_000 ? 31 : 101, withPeer: count <= 10_000) {
      (try? screen.sections(for: state)) ?? []
    } next: { run in
      state.pages["main"] = [
        (try? JSONDecoding.tableFlow.decode(IssueList.self, from: afterBody, sharingStringsWith: shared))
          ?? after
      ]
      return { (try? screen.sections(for: state)) ?? [] }
    } reset: {
      state.pages["main"] = [before]
      return (try? screen.sections(for: state)) ?? []
    } rebuild: {
      IssuesScreen.rebuiltSections(of: after.fresh)
    }
    measured.print(name: name)
  }
  if only == nil || only == "append-page" { runAppendPage() }
}

/// `append-page`: 5,000 pages of 20 issues, then one more.
private func runAppendPage() {
  let pages = (0..<5_000).map { IssueList.make(count: 20, from: $0 * 20 + 1) }
  let page = IssueList.make(count: 20, from: 100_001)
  let screen = PagedIssuesScreen()
  var state = ScreenState<IssueList>(pages: ["main": pages])
  func withLoadMore(_ sections: [Section]) -> [Section] {
    sections.map { Section(id: $0.id, header: $0.header, rows: $0.rows + [PagedIssuesScreen.loadMore]) }
  }
  var measured = IncrementalRuns(runs: 31, withPeer: false) {
    withLoadMore((try? screen.sections(for: state)) ?? [])
  } next: { _ in
    state.pages["main"] = pages + [page.fresh]
    return { withLoadMore((try? screen.sections(for: state)) ?? []) }
  } reset: {
    state.pages["main"] = pages
    return withLoadMore((try? screen.sections(for: state)) ?? [])
  } rebuild: {
    withLoadMore(PagedIssuesScreen.rebuiltSections(of: pages + [page.fresh]))
  }
  let body = (try? JSONEncoder().encode(page)) ?? Data()
  var decodes: [Double] = []
  for _ in 0..<101 {
    var clock = Stopwatch()
    let decoded = try? JSONDecoder().decode(IssueList.self, from: body)
    decodes.append(clock.lap())
    withExtendedLifetime(decoded) {}
  }
  measured.extra = ",\"decode_ms\":\(benchRounded(median(decodes), 4))"
  measured.print(name: "append-page")
}

/// The runs of one case and their figures.
private struct IncrementalRuns {
  var shownRows = 0
  var totals: [Double] = []
  var cpuTotals: [Double] = []
  var parts: [String: [Double]] = [:]
  var rebuilt: [Double] = []
  var peer: [Double] = []
  var operations = 0
  var valid = true
  var extra = ""
  /// Only the timed path, 20 times as many runs (`--profile`).
  nonisolated(unsafe) static var profiling = false

  /// Builds the shown table with `shown`, then per run: `next` prepares the answer (untimed)
  /// and returns the timed transform; `reset` puts the state back and builds it (untimed),
  /// and the table it builds is the one shown at the next run, as in the pipeline, where the
  /// table last built is the one shown and the rows it holds are the rows the screen's memo
  /// holds; `rebuild` is the old path's transform.
  init(
    runs: Int, withPeer: Bool, shown: () -> [Section], next: (Int) -> () -> [Section],
    reset: () -> [Section], rebuild: () -> [Section]
  ) {
    var shownSnapshot = (try? screenBuilder(shown()).build()) ?? .empty
    shownRows = shownSnapshot.rowCount
    let table = HeadlessTable(shownSnapshot)
    var kept: [Any] = []  // freed after timing
    for run in 0..<(Self.profiling ? runs * 20 : runs) {
      let transform = next(run)
      var clock = Stopwatch()
      let cpuStart = threadCPUMilliseconds()
      let sections = transform()
      let transformTime = clock.lap()
      guard let snapshot = try? screenBuilder(sections).build(updating: shownSnapshot) else {
        valid = false
        break
      }
      let validate = clock.lap()
      let changeset = snapshot.difference(from: shownSnapshot)
      let diff = clock.lap()
      var presented = table
      do { try presented.apply(changeset) } catch { valid = false }
      let present = clock.lap()
      cpuTotals.append(threadCPUMilliseconds() - cpuStart)
      for (part, time) in [
        ("transform", transformTime), ("validate", validate), ("diff", diff), ("present", present),
      ] {
        parts[part, default: []].append(time)
      }
      totals.append(transformTime + validate + diff + present)
      operations = changeset.stages.reduce(0) { $0 + $1.operationCount }
      if Self.profiling {
        withExtendedLifetime([sections, snapshot, changeset, presented] as [Any]) {}
        shownSnapshot = Self.shown(reset(), after: shownSnapshot)
        continue
      }
      // The old path must present the same table.
      let reference = (try? screenBuilder(rebuild()).build()) ?? .empty
      valid = valid && presented.snapshot == snapshot && snapshot == reference
      kept.append(contentsOf: [sections, snapshot, changeset, presented, reference] as [Any])
      shownSnapshot = Self.shown(reset(), after: shownSnapshot)

      var rebuildClock = Stopwatch()
      let rebuiltSections = rebuild()
      let rebuiltSnapshot = (try? screenBuilder(rebuiltSections).build(updating: shownSnapshot)) ?? .empty
      let rebuiltChangeset = rebuiltSnapshot.difference(from: shownSnapshot)
      var rebuiltTable = table
      try? rebuiltTable.apply(rebuiltChangeset)
      rebuilt.append(rebuildClock.lap())
      kept.append(contentsOf: [rebuiltSnapshot, rebuiltChangeset, rebuiltTable] as [Any])

      guard withPeer else { continue }
      var peerClock = Stopwatch()
      let peerSnapshot = (try? screenBuilder(rebuild()).build()) ?? .empty
      let peerResult = HeckelPeer.diff(
        old: shownSnapshot.sections.flatMap(\.rows), new: peerSnapshot.sections.flatMap(\.rows))
      peer.append(peerClock.lap())
      kept.append(contentsOf: [peerSnapshot, peerResult] as [Any])
    }
    withExtendedLifetime(kept) {}
  }

  /// The table of the sections `reset` built, which shows what `shown` showed. Built whole,
  /// not updating `shown` (which would keep `shown`'s sections, their rows being equal): the
  /// table holds the very rows the screen's memo holds, as the one the pipeline shows does.
  private static func shown(_ sections: [Section], after shown: TableSnapshot) -> TableSnapshot {
    guard let snapshot = try? screenBuilder(sections).build(), snapshot == shown else {
      fatalError("the reset state does not show the table shown first")
    }
    return snapshot
  }

  func print(name: String) {
    let ours = median(totals)
    let peerFigures =
      peer.isEmpty
      ? "\"peer\":null,\"peer_ms\":null,\"ratio\":null"
      : "\"peer\":\"rebuild+build()+differencekit-style\",\"peer_ms\":\(benchRounded(median(peer), 4)),"
        + "\"ratio\":\(benchRounded(ours / median(peer), 4))"
    Swift.print(
      "{\"bench\":\"incremental\",\"case\":\"\(name)\",\"rows\":\(shownRows),\"runs\":\(totals.count),"
        + "\"tableflow_ms\":\(benchRounded(ours, 4)),\"min_ms\":\(benchRounded(totals.min() ?? .nan, 4)),"
        + "\"max_ms\":\(benchRounded(totals.max() ?? .nan, 4)),"
        + "\"tableflow_cpu_ms\":\(benchRounded(median(cpuTotals), 4)),"
        + ["transform", "validate", "diff", "present"].map {
          "\"\($0)_ms\":\(benchRounded(median(parts[$0] ?? []), 4)),"
        }.joined()
        + "\"rebuild_ms\":\(benchRounded(median(rebuilt), 4)),\(peerFigures),"
        + "\"operations\":\(operations)\(extra),\"valid\":\(valid)}")
  }
}

private func median(_ values: [Double]) -> Double {
  values.isEmpty ? .nan : values.sorted()[values.count / 2]
}

/// The builder the pipeline uses for a screen: duplicates rejected, empty sections shown.
private func screenBuilder(_ sections: [Section]) -> SnapshotBuilder {
  var builder = SnapshotBuilder(policy: .reject, hidingEmptySections: false)
  for section in sections { builder.appendSection(section) }
  return builder
}

/// The calling thread's CPU time in milliseconds.
private func threadCPUMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// Wall time in milliseconds between laps.
private struct Stopwatch {
  private var last = ContinuousClock.now

  mutating func lap() -> Double {
    let now = ContinuousClock.now
    let elapsed = now - last
    last = now
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }
}
