import Feeds
import FixtureKit
import Foundation

/// Writes the replay bench's fixture: a books session (`load`, `refresh`) whose responses are
/// Douban-shaped collections of `booksPerSection` books per status, deterministic from a seed.
struct ReplayFixtureGenerator {
  let booksPerSection: Int

  private static let statuses = ["wish", "reading", "read"]
  private static let titles = ["江湖散步", "雪国手记", "Archive", "灯塔考", "长河笔记", "Orchard", "远方三部曲"]
  private static let summaries = [
    "作者以克制的笔调写下一个家族三代人的命运。书中收录了十二篇随笔，谈阅读、旅行与城市。",
    "A novel about memory and the places that keep it. Essays on reading, walking and the cities in between.",
    "一部关于科学如何改变日常生活的通俗读物。故事发生在一座被大雾笼罩的港口小城。从一封迟到四十年的信开始。",
  ]

  func write(to path: String) throws {
    let writer = try FixtureWriter(
      path: path, header: FixtureHeader(feed: "books", tool: "tableflow-bench", params: ["user": "bench"]))
    _ = try writer.append(.intent("load"))
    _ = try writer.append(.intent("refresh"))
    var state = UInt64(20_261_130)
    for round in 0..<2 {
      for (index, status) in Self.statuses.enumerated() {
        var books = (0..<booksPerSection).map {
          book(id: index * 1_000_000 + $0, status: status, revision: 0)
        }
        if round == 1 { mutate(&books, status: status, random: &state) }
        let body = try stableJSON(
          BookCollections(
            total: books.count, start: 0, collections: books.map { MyBook(status: status, book: $0) }))
        let url = "/v2/book/user/bench/collections?status=\(status)&start=0&count=20"
        let request = try writer.append(.request(RecordedRequest(method: "GET", url: url)))
        _ = try writer.append(
          .response(
            RecordedResponse(
              request: request, status: 200, headers: [FixtureField("Content-Type", "application/json")],
              body: body, elapsedMilliseconds: 40)))
      }
    }
    try writer.finish()
  }

  func book(id: Int, status: String, revision: Int) -> Book {
    Book(
      id: String(id), title: Self.titles[id % Self.titles.count] + " \(id)",
      author: ["作者\(id % 97)", "Author \(id % 89)"],
      publisher: "出版社 \(id % 31)", isbn13: id % 11 == 0 ? nil : String(9_787_000_000_000 + id),
      price: "\(20 + id % 80).00元", pubdate: "20\(10 + id % 15)-\(1 + id % 12)",
      summary: Self.summaries[id % Self.summaries.count] + (revision > 0 ? " (修订版 \(revision))" : "")
        + String(repeating: " 更多内容。", count: 8 + id % 20),
      rating: BookRating(average: "\(5 + id % 5).\(id % 10)", numRaters: 100 + id * 7 % 100_000))
  }

  /// 10% content updates, 5% deletes, 5% inserts, 1% moves, at seeded random positions.
  private func mutate(_ books: inout [Book], status: String, random state: inout UInt64) {
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let count = books.count
    for _ in 0..<(count / 10) {
      let index = next(books.count)
      let id = Int(books[index].id) ?? 0
      books[index] = book(id: id, status: status, revision: 1 + next(9))
    }
    for _ in 0..<(count / 20) { books.remove(at: next(books.count)) }
    for offset in 0..<(count / 20) {
      books.insert(
        book(id: 900_000 + offset + status.count * 100_000, status: status, revision: 0),
        at: next(books.count))
    }
    for _ in 0..<(count / 100) {
      let moved = books.remove(at: next(books.count))
      books.insert(moved, at: next(books.count))
    }
  }
}
