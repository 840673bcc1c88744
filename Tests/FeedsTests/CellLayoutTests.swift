import TestSupport
import Testing

@testable import Feeds

@Suite("CellLayout")
struct CellLayoutTests {
  private static let pieces = [
    "三体", "的", "江湖", "a", "il", "W", "word ", "longerword", " ", "  ", "\n", "📚", "🇨🇳", "é", "e\u{301}",
    "\t", "Ça vaut le détour", "—", "…", "lllllllllllll", "MMMMMMM",
  ]

  @Test("shortcuts give the same heights as measuring every text in full")
  func shortcutsMatchFullMeasurement() {
    var random = SeededGenerator(seed: 20_261_130)
    for _ in 0..<600 {
      let count = Int.random(in: 0...250, using: &random)
      let pieces = Self.pieces
      let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
      let sizes: [Double] = [13, 15, 17]
      let size = sizes[Int.random(in: 0..<sizes.count, using: &random)]
      let limits: [Int?] = [nil, 1, 2, 3, 5]
      let limit = limits[Int.random(in: 0..<limits.count, using: &random)]
      let blocks = [CellLayout.TextBlock(text: text, fontSize: size, maxLines: limit)]
      #expect(CellLayout.height(blocks) == CellLayout.referenceHeight(blocks), "\(text.debugDescription)")
    }
  }
}

@Suite("LineCountCache")
struct LineCountCacheTests {
  @Test("measures a text once, and starts afresh past its capacity")
  func measuresOnce() {
    let cache = LineCountCache(capacity: 2)
    var measured = 0
    let key = LineCountCache.Key(text: "三体", fontSize: 13, maxLines: 3)
    for _ in 0..<3 {
      #expect(
        cache.lines(for: key) {
          measured += 1
          return 2
        } == 2)
    }
    #expect(measured == 1)
    for text in ["a", "b", "c"] {
      _ = cache.lines(for: .init(text: text, fontSize: 13, maxLines: nil)) { 1 }
    }
    _ = cache.lines(for: key) {
      measured += 1
      return 2
    }
    #expect(measured == 2)
  }
}
