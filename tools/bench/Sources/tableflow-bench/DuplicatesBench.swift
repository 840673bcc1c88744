import TableCore

/// `tableflow-bench duplicates`: building a snapshot of 1,000,000 rows that all share one id
/// (a backend listing one friend a million times) under `.disambiguate` (renamed `id#2` …
/// `id#1000000`) and under `.keepFirst`, against the peer: the same number of rows with
/// distinct ids under `.reject`. Renaming is linear, so the ratio stays a small constant (the
/// quadratic scheme it replaced never finished).
func runDuplicatesBench() {
  let count = 1_000_000
  let model = DuplicateCell(name: "Tom")
  let same = (0..<count).map { _ in Row(id: "friend-Tom", kind: "friend", model: model) }
  let distinct = (0..<count).map { Row(id: RowID("friend-\($0)"), kind: "friend", model: model) }

  func time(_ rows: [Row], _ policy: DuplicateIDPolicy) -> (ms: Double, rows: Int) {
    var builder = SnapshotBuilder(policy: policy)
    builder.appendSection(id: "friends", rows: rows)
    let start = ContinuousClock.now
    let snapshot = try? builder.build()
    let elapsed = ContinuousClock.now - start
    let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return (ms, snapshot?.rowCount ?? -1)
  }

  let peer = time(distinct, .reject)
  for policy in [DuplicateIDPolicy.disambiguate, .keepFirst] {
    let measured = time(same, policy)
    let name = policy == .disambiguate ? "disambiguate" : "keepFirst"
    print(
      #"{"bench":"duplicates","case":"\#(name)","rows":\#(count),"kept":\#(measured.rows),"#
        + #""ms":\#(benchRounded(measured.ms, 1)),"peer_ms":\#(benchRounded(peer.ms, 1)),"#
        + #""ratio":\#(benchRounded(measured.ms / peer.ms, 2))}"#)
  }
}

/// A friend row's model.
private struct DuplicateCell: CellModel {
  let name: String
  var fields: [Field] { [Field("name", .text(name))] }
  var height: Double { 60 }
}
