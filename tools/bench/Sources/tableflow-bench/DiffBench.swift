import TableCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tableflow-bench diff`: `difference(from:)` against a DifferenceKit-style peer
/// (``HeckelPeer``: Heckel's algorithm as DifferenceKit runs it on a flat collection) on the same
/// rows, for 10,000 and 100,000 rows in one section (`flat`) and in 100 (`sectioned`, the peer
/// diffing the rows flattened), with 10% deletes, 10% inserts, 10% content updates and 1% moves
/// at random positions; and for one row of a flat table changed (`one-update`). Medians of
/// several runs, each side measured in this process; `peak_mb` is the memory the diff needs
/// beyond the two snapshots (peak resident set while diffing minus the resident set before).
/// `tableflow-bench diff ours` skips the peer; `diff profile` runs only the 100,000-row flat
/// case, without the peer (for profilers).
///
/// In `flat`, `sectioned` and `one-update`, the new snapshot is derived from the old one, as an
/// app edits its table: unchanged rows are the same row values. The `-rebuilt` cases diff the
/// same tables with every row of the new snapshot rebuilt from its parts (as when a feed
/// decodes a fresh response), so nothing is shared and every row's content is compared in
/// full.
func runDiffBench() {
  let options = CommandLine.arguments.dropFirst(2)
  let profiling = options.contains("profile")
  let withPeer = !options.contains("ours") && !profiling
  for rows in profiling ? [100_000] : [10_000, 100_000] {
    let cases = [
      ("flat", 1), ("sectioned", 100), ("flat-rebuilt", 1), ("one-update", 1),
      ("one-update-rebuilt", 1),
    ]
    for (name, sections) in profiling ? [("flat", 1)] : cases {
      var random = BenchRandom(seed: UInt64(rows + sections))
      var (old, new) =
        name.hasPrefix("one-update")
        ? DiffWorkload.oneUpdate(rows: rows, random: &random)
        : DiffWorkload.pair(rows: rows, sections: sections, random: &random)
      if name.hasSuffix("-rebuilt") { new = DiffWorkload.rebuilt(new) }
      let peak = DiffWorkload.peakMegabytes { _ = new.difference(from: old) }
      let (ours, oursCPU, changeset) = DiffWorkload.measure(runs: profiling ? 3 : 21) {
        new.difference(from: old)
      }
      let valid = changeset.map { (try? old.applying($0)) == new } ?? false
      let oldRows = old.sections.flatMap(\.rows)
      let newRows = new.sections.flatMap(\.rows)
      let (peer, peerCPU, peerResult) = DiffWorkload.measure(runs: withPeer ? 7 : 0) {
        HeckelPeer.diff(old: oldRows, new: newRows)
      }
      let moves = changeset?.stages.reduce(0) { $0 + $1.rowMoves.count } ?? 0
      let operations = changeset?.stages.reduce(0) { $0 + $1.operationCount } ?? 0
      print(
        "{\"bench\":\"diff\",\"case\":\"\(name)\",\"rows\":\(rows),\"sections\":\(sections),"
          + "\"tableflow_ms\":\(benchRounded(ours, 3)),\"peer\":\"differencekit-style\","
          + "\"peer_ms\":\(benchRounded(peer, 3)),\"ratio\":\(benchRounded(ours / peer, 4)),"
          + "\"peak_mb\":\(benchRounded(peak, 1)),\"tableflow_cpu_ms\":\(benchRounded(oursCPU, 3)),"
          + "\"peer_cpu_ms\":\(benchRounded(peerCPU, 3)),\"stages\":\(changeset?.stages.count ?? 0),"
          + "\"operations\":\(operations),\"moves\":\(moves),"
          + "\"peer_operations\":\(peerResult.map { "\($0.operationCount)" } ?? "null"),"
          + "\"valid\":\(valid)}")
    }
  }
}

#if canImport(Glibc)
/// glibc's `malloc_trim` (declared in `<malloc.h>`, which the Glibc module does not import).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The tables diffed and the measuring helpers.
enum DiffWorkload {
  static func row(_ id: Int, version: Int = 0) -> Row {
    let fields = [
      Field("title", .text("Book \(id)")), Field("author", .text("作者 \(id % 97)")),
      Field("version", .integer(version)),
    ]
    return Row(id: RowID("r\(id)"), kind: "info", model: FieldsModel(fields: fields, height: 64))
  }

  /// `rows` rows in `sections` sections, and the same table with 10% of rows deleted, 10%
  /// updated, 1% moved (anywhere, across sections too) and 10% new rows inserted.
  static func pair(rows: Int, sections: Int, random: inout BenchRandom) -> (TableSnapshot, TableSnapshot) {
    let perSection = rows / sections
    var oldSections: [Section] = []
    // Entries of the new table: (section, sort key, row).
    var entries: [(section: Int, key: Double, row: Row)] = []
    entries.reserveCapacity(rows + rows / 10)
    for section in 0..<sections {
      var sectionRows: [Row] = []
      sectionRows.reserveCapacity(perSection)
      for index in 0..<perSection {
        let id = section * perSection + index
        let row = row(id)
        sectionRows.append(row)
        let dice = Int.random(in: 0..<1000, using: &random)
        if dice < 100 { continue }  // deleted
        if dice < 110 {  // moved anywhere
          let target = Int.random(in: 0..<sections, using: &random)
          entries.append((target, Double.random(in: 0..<Double(perSection), using: &random), row))
        } else if dice < 210 {  // updated in place
          entries.append((section, Double(index), Self.row(id, version: 1)))
        } else {
          entries.append((section, Double(index), row))
        }
      }
      oldSections.append(
        Section(id: SectionID("s\(section)"), header: "Section \(section)", rows: sectionRows))
    }
    for fresh in 0..<(rows / 10) {
      let target = Int.random(in: 0..<sections, using: &random)
      let key = Double(Int.random(in: 0..<perSection, using: &random)) + 0.5
      entries.append((target, key, row(rows + fresh)))
    }
    entries.sort { ($0.section, $0.key) < ($1.section, $1.key) }
    var newRows = [[Row]](repeating: [], count: sections)
    for entry in entries { newRows[entry.section].append(entry.row) }
    let newSections = oldSections.indices.map {
      Section(id: oldSections[$0].id, header: oldSections[$0].header, rows: newRows[$0])
    }
    return (
      TableSnapshot(uncheckedSections: oldSections), TableSnapshot(uncheckedSections: newSections)
    )
  }

  /// `rows` rows in one section, and the same table with the row in the middle showing other
  /// content (same id and kind): the smallest update an app makes.
  static func oneUpdate(rows: Int, random: inout BenchRandom) -> (TableSnapshot, TableSnapshot) {
    let oldRows = (0..<rows).map { row($0) }
    var newRows = oldRows
    let changed = Int.random(in: rows / 4..<rows * 3 / 4, using: &random)
    newRows[changed] = row(changed, version: 1)
    return (
      TableSnapshot(uncheckedSections: [Section(id: "s0", header: "Section 0", rows: oldRows)]),
      TableSnapshot(uncheckedSections: [Section(id: "s0", header: "Section 0", rows: newRows)])
    )
  }

  /// `snapshot` with every row rebuilt from its id, kind, fields and height: equal, but
  /// sharing nothing.
  static func rebuilt(_ snapshot: TableSnapshot) -> TableSnapshot {
    TableSnapshot(
      uncheckedSections: snapshot.sections.map { section in
        Section(
          id: section.id, header: section.header,
          rows: section.rows.map {
            Row(id: $0.id, kind: $0.kind, model: FieldsModel(fields: $0.fields, height: $0.height))
          })
      })
  }

  /// The median wall and thread-CPU times of `runs` calls, in milliseconds, and the last
  /// result. Results are kept until every run is done, so freeing them is not timed.
  static func measure<Result>(runs: Int, _ body: () -> Result) -> (Double, Double, Result?) {
    var wall: [Double] = []
    var cpu: [Double] = []
    var results: [Result] = []
    results.reserveCapacity(runs)
    for _ in 0..<runs {
      let start = ContinuousClock.now
      let cpuStart = threadCPUTime()
      let result = body()
      let cpuEnd = threadCPUTime()
      let elapsed = ContinuousClock.now - start
      results.append(result)
      wall.append(
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
      cpu.append(cpuEnd - cpuStart)
    }
    guard runs > 0 else { return (.nan, .nan, nil) }
    return (wall.sorted()[runs / 2], cpu.sorted()[runs / 2], results.last)
  }

  /// The calling thread's CPU time in milliseconds.
  private static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }

  /// The peak resident memory `body` adds, in megabytes (Linux: trims the heap, resets the
  /// high-water mark through /proc/self/clear_refs, and compares it with the resident set
  /// before; elsewhere 0).
  static func peakMegabytes(_ body: () -> Void) -> Double {
    #if canImport(Glibc)
    _ = glibcMallocTrim(0)  // hand freed memory back, so that reusing it shows in the peak
    #endif
    guard let file = fopen("/proc/self/clear_refs", "w") else { return 0 }
    fputs("5", file)
    fclose(file)
    let before = status("VmRSS")
    body()
    return Double(max(0, status("VmHWM") - before)) / 1024
  }

  /// A `kB` field of /proc/self/status.
  private static func status(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).filter(\.isNumber)) ?? 0
      }
    }
    return 0
  }
}
