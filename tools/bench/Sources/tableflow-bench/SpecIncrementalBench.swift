import Feeds
import Foundation
import TableCore
import TableFlow

/// `tableflow-bench spec`'s incremental figure: the books list (three statuses of
/// `booksPerSection` books each, as the replay fixture's first answers) refreshed with answers
/// in which one book's title changed, through the screen as the pipeline runs it: the three
/// answers decoded (`decode`), `sections(for:)` on the screen's state (memoised rows: only the
/// changed book's rows are built), the snapshot validated against the one shown
/// (`build(updating:)`) and the diff (`build`). Timed per run for the spec's books screen and
/// for `BooksFeed`'s, alternately; the answers' bytes are made once, before any clock starts.
struct SpecIncrementalBench {
  let booksPerSection: Int
  let runs: Int

  struct Figures {
    var decode: [Double] = []
    var build: [Double] = []
    var operations = 0
    var rows = 0
    var valid = true

    var total: [Double] { zip(decode, build).map { $0 + $1 } }
  }

  /// The three first answers and the three refreshed ones, by status.
  func answers() throws -> (before: [String: [UInt8]], after: [String: [UInt8]]) {
    let generator = ReplayFixtureGenerator(booksPerSection: booksPerSection)
    var before: [String: [UInt8]] = [:]
    var after: [String: [UInt8]] = [:]
    for (index, status) in ["wish", "reading", "read"].enumerated() {
      var books = (0..<booksPerSection).map {
        generator.book(id: index * 1_000_000 + $0, status: status, revision: 0)
      }
      let encode = { (books: [Book]) in
        try stableJSON(
          BookCollections(
            total: books.count, start: 0, collections: books.map { MyBook(status: status, book: $0) }))
      }
      before[status] = try encode(books)
      if status == "reading" { books[booksPerSection / 2].title += " (edited)" }
      after[status] = try encode(books)
    }
    return (before, after)
  }

  /// Runs the refresh on the root screen of `feed`.
  func measure(_ feed: any Feed, answers: (before: [String: [UInt8]], after: [String: [UInt8]])) -> Figures {
    guard let screen = try? feed.rootScreen(parameters: ["user": "bench", "count": "20"]) else {
      return Figures(valid: false)
    }
    return measure(screen, answers: answers)
  }

  private func measure<S: Screen>(
    _ screen: S, answers: (before: [String: [UInt8]], after: [String: [UInt8]])
  ) -> Figures {
    var figures = Figures()
    let requests = screen.requests(for: .initial, state: ScreenState())
    func status(_ request: ScreenRequest) -> String {
      request.request.query.first { $0.name == "status" }?.value ?? ""
    }
    func decode(_ bodies: [String: [UInt8]]) -> [String: [S.Model]] {
      var pages: [String: [S.Model]] = [:]
      for request in requests {
        guard let body = bodies[status(request)], let model = try? screen.decode(body) else { continue }
        pages[request.slot] = [model]
      }
      return pages
    }
    var state = ScreenState<S.Model>(pages: decode(answers.before))
    guard let shownSections = try? screen.sections(for: state),
      let shown = try? builder(shownSections).build()
    else { return Figures(valid: false) }
    figures.rows = shown.rowCount
    let initial = state.pages
    var kept: [Any] = []
    for _ in 0..<runs {
      var clock = SpecStopwatch()
      let pages = decode(answers.after)
      figures.decode.append(clock.lap())
      state.pages = pages
      guard let sections = try? screen.sections(for: state),
        let snapshot = try? builder(sections).build(updating: shown)
      else {
        figures.valid = false
        break
      }
      let changeset = snapshot.difference(from: shown)
      figures.build.append(clock.lap())
      figures.operations = changeset.stages.reduce(0) { $0 + $1.operationCount }
      kept.append(contentsOf: [pages, sections, snapshot, changeset] as [Any])
      // Back to the shown answers, untimed: the memo holds their rows again.
      state.pages = initial
      _ = try? screen.sections(for: state)
    }
    withExtendedLifetime(kept) {}
    return figures
  }

  private func builder(_ sections: [Section]) -> SnapshotBuilder {
    var builder = SnapshotBuilder(policy: .reject, hidingEmptySections: false)
    for section in sections { builder.appendSection(section) }
    return builder
  }
}

/// Milliseconds between laps.
private struct SpecStopwatch {
  private var last = ContinuousClock.now

  mutating func lap() -> Double {
    let now = ContinuousClock.now
    let elapsed = now - last
    last = now
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }
}
