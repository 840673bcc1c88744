import Feeds
import Foundation
import TableFlow

/// `tableflow-bench decode`: the package's JSON decoder (`JSONDecoding.tableFlow`) against
/// Foundation's `JSONDecoder` on the replay bench's book pages (`BookCollections`, written by
/// `JSONEncoder` as the replay fixture's are), same bytes and same model, in the same process.
/// Each case alternates the two decoders for several rounds and keeps each one's best round,
/// so a busy machine slows both alike. One JSON line per case.
func runDecodeBench() {
  let generator = ReplayFixtureGenerator(booksPerSection: 0)
  for books in [20, 1_000, 17_000] {
    let page = BookCollections(
      total: books, start: 0,
      collections: (0..<books).map {
        MyBook(status: "read", book: generator.book(id: $0, status: "read", revision: 0))
      })
    guard let body = try? Array(JSONEncoder().encode(page)) else { continue }
    let ours = { try JSONDecoding.tableFlow.decode(BookCollections.self, from: body) }
    let peer = { try JSONDecoding.foundation.decode(BookCollections.self, from: body) }
    let same = (try? ours()) == (try? peer()) && (try? ours()) == page
    // About 24 MB of JSON per round and decoder.
    let repetitions = max(1, 24_000_000 / body.count)
    var best = (ours: Double.infinity, peer: Double.infinity)
    for _ in 0..<5 {
      best.ours = min(best.ours, decodeSeconds(repetitions, ours))
      best.peer = min(best.peer, decodeSeconds(repetitions, peer))
    }
    let megabytes = Double(body.count * repetitions) / 1_000_000
    let oursRate = megabytes / best.ours
    let peerRate = megabytes / best.peer
    print(
      "{\"bench\":\"decode\",\"case\":\"books-page-\(books)\",\"bytes\":\(body.count),\"repetitions\":\(repetitions),"
        + "\"same_values\":\(same),\"tableflow_mb_s\":\(benchRounded(oursRate, 1)),\"peer_mb_s\":\(benchRounded(peerRate, 1)),"
        + "\"ratio\":\(benchRounded(oursRate / peerRate, 2)),\"load_average\":\(benchRounded(loadAverage(), 2))}"
    )
  }
}

/// Seconds to run `decode` `repetitions` times.
private func decodeSeconds(_ repetitions: Int, _ decode: () throws -> BookCollections) -> Double {
  let clock = ContinuousClock()
  var total = 0
  let elapsed = clock.measure {
    for _ in 0..<repetitions { total &+= (try? decode())?.collections.count ?? 0 }
  }
  precondition(total >= 0)
  return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
}
