import TableCore
import TableFlow

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tableflow-bench incremental`: a 10,000-row screen whose model changes one row, timed from
/// the decoded answer to the presented update, as a feed written from the README runs.
///
/// The screen (`IssuesScreen`) maps its model to 10,003 rows: a summary section of three rows
/// and a section of 10,000 issues. Each run takes the decoded next model and does what the
/// pipeline does with it, through public API: the screen's transform (the same mapping its
/// `sections(for:)` runs; `ScreenState` cannot be filled from outside the pipeline, so the
/// bench calls the mapping directly), the snapshot validated against the one shown
/// (`SnapshotBuilder.build(updating:)`), the diff, and the update applied to the screen's
/// `HeadlessTable` (the present stage's work). Bus hops are measured by `tableflow-bench bus`.
///
/// Cases: `retitle` (one issue's title changes: one reconfigure) and `close` (one issue
/// leaves and the header goes from "10000 issues" to "9999 issues": one delete and a section
/// update). Each prints the median, minimum and maximum of 101 runs (wall time; the median
/// thread CPU time too, which a loaded machine disturbs less), the parts' medians, the
/// same path validating in full (`build()`), and the peer: the same transform and full
/// validation with a DifferenceKit-style diff (``HeckelPeer``) of the flattened rows.
func runIncrementalBench() {
  let issues = 10_000
  let before = IssueList.make(count: issues)
  for name in ["retitle", "close"] {
    var after = before
    let changed = issues / 2
    if name == "retitle" {
      after.issues[changed].title += " (edited)"
    } else {
      after.issues.remove(at: changed)
      after.closed += 1
    }
    let shown = (try? screenBuilder(IssuesScreen.sections(of: before)).build()) ?? .empty
    let table = HeadlessTable(shown)

    var parts: [String: [Double]] = ["transform": [], "validate": [], "diff": [], "present": []]
    var totals: [Double] = []
    var cpuTotals: [Double] = []
    var full: [Double] = []
    var peer: [Double] = []
    var kept: [Any] = []  // freed after timing
    var valid = true
    for _ in 0..<101 {
      var clock = Stopwatch()
      let cpuStart = threadCPUMilliseconds()
      let sections = IssuesScreen.sections(of: after)
      let transform = clock.lap()
      guard let snapshot = try? screenBuilder(sections).build(updating: shown) else {
        valid = false
        break
      }
      let validate = clock.lap()
      let changeset = snapshot.difference(from: shown)
      let diff = clock.lap()
      var presented = table
      do { try presented.apply(changeset) } catch { valid = false }
      let present = clock.lap()
      cpuTotals.append(threadCPUMilliseconds() - cpuStart)
      valid = valid && presented.snapshot == snapshot
      parts["transform", default: []].append(transform)
      parts["validate", default: []].append(validate)
      parts["diff", default: []].append(diff)
      parts["present", default: []].append(present)
      totals.append(transform + validate + diff + present)
      kept.append(contentsOf: [sections, snapshot, changeset, presented] as [Any])

      var wholeClock = Stopwatch()
      let wholeSections = IssuesScreen.sections(of: after)
      let whole = (try? screenBuilder(wholeSections).build()) ?? .empty
      let wholeChangeset = whole.difference(from: shown)
      var wholeTable = table
      try? wholeTable.apply(wholeChangeset)
      full.append(wholeClock.lap())
      kept.append(contentsOf: [whole, wholeChangeset, wholeTable] as [Any])

      var peerClock = Stopwatch()
      let peerSections = IssuesScreen.sections(of: after)
      let peerSnapshot = (try? screenBuilder(peerSections).build()) ?? .empty
      let peerResult = HeckelPeer.diff(
        old: shown.sections.flatMap(\.rows), new: peerSnapshot.sections.flatMap(\.rows))
      peer.append(peerClock.lap())
      kept.append(contentsOf: [peerSnapshot, peerResult] as [Any])
    }
    let changeset = (try? screenBuilder(IssuesScreen.sections(of: after)).build())?.difference(from: shown)
    func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    let ours = median(totals)
    print(
      "{\"bench\":\"incremental\",\"case\":\"\(name)\",\"rows\":\(shown.rowCount),\"runs\":\(totals.count),"
        + "\"tableflow_ms\":\(benchRounded(ours, 4)),\"min_ms\":\(benchRounded(totals.min() ?? .nan, 4)),"
        + "\"max_ms\":\(benchRounded(totals.max() ?? .nan, 4)),"
        + "\"tableflow_cpu_ms\":\(benchRounded(median(cpuTotals), 4)),"
        + "\"transform_ms\":\(benchRounded(median(parts["transform"] ?? []), 4)),"
        + "\"validate_ms\":\(benchRounded(median(parts["validate"] ?? []), 4)),"
        + "\"diff_ms\":\(benchRounded(median(parts["diff"] ?? []), 4)),"
        + "\"present_ms\":\(benchRounded(median(parts["present"] ?? []), 4)),"
        + "\"full_validation_ms\":\(benchRounded(median(full), 4)),"
        + "\"peer\":\"build()+differencekit-style\",\"peer_ms\":\(benchRounded(median(peer), 4)),"
        + "\"ratio\":\(benchRounded(ours / median(peer), 4)),"
        + "\"operations\":\(changeset?.stages.reduce(0) { $0 + $1.operationCount } ?? 0),"
        + "\"valid\":\(valid)}")
    withExtendedLifetime(kept) {}
  }
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

/// The decoded answer of an issue tracker's list endpoint.
struct IssueList: Decodable, Sendable {
  struct Issue: Decodable, Sendable {
    let number: Int
    var title: String
    let author: String
    let comments: Int
  }

  var open: Int
  var closed: Int
  var issues: [Issue]

  static func make(count: Int) -> IssueList {
    IssueList(
      open: count, closed: 0,
      issues: (0..<count).map {
        Issue(number: $0 + 1, title: "Issue number \($0 + 1)", author: "user\($0 % 37)", comments: $0 % 11)
      })
  }
}

/// One issue a row.
struct IssueCell: CellModel {
  let title: String
  let author: String
  let comments: Int
  var fields: [Field] {
    [Field("title", .text(title)), Field("author", .text(author)), Field("comments", .integer(comments))]
  }
  var height: Double { 56 }
}

/// One count a row.
struct CountCell: CellModel {
  let label: String
  let value: Int
  var fields: [Field] { [Field("label", .text(label)), Field("value", .integer(value))] }
  var height: Double { 44 }
}

/// The screen a feed written from the README would have: a summary and the issues.
struct IssuesScreen: Screen {
  var name: String { "issues" }

  func sections(for state: ScreenState<IssueList>) throws -> [Section] {
    state.model.map(Self.sections(of:)) ?? []
  }

  static func sections(of list: IssueList) -> [Section] {
    let summary = [
      Row(id: "open", kind: "count", model: CountCell(label: "Open", value: list.issues.count)),
      Row(id: "closed", kind: "count", model: CountCell(label: "Closed", value: list.closed)),
      Row(
        id: "total", kind: "count", model: CountCell(label: "Total", value: list.issues.count + list.closed)),
    ]
    let rows = list.issues.map {
      Row(
        id: RowID("issue-\($0.number)"), kind: "issue",
        model: IssueCell(title: $0.title, author: $0.author, comments: $0.comments))
    }
    return [
      Section(id: "summary", header: "Summary", rows: summary),
      Section(id: "issues", header: "\(list.issues.count) issues", rows: rows),
    ]
  }
}
