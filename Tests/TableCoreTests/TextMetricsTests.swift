import Testing

@testable import TableCore

@Suite("TextMetrics")
struct TextMetricsTests {
  private let metrics = TextMetrics(fontSize: 10, lineHeight: 12, padding: TextPadding(all: 5))

  @Test("CJK, kana, Hangul, full-width forms and emoji are one em")
  func fullWidthIsOneEm() {
    for character: Character in ["想", "読", "か", "한", "Ａ", "📚", "🇨🇳"] {
      #expect(TextMetrics.advance(of: character) == 1000, "\(character)")
    }
  }

  @Test("ASCII comes from the fixed table, combining marks add nothing")
  func asciiTable() {
    #expect(TextMetrics.advance(of: "i") == 222)
    #expect(TextMetrics.advance(of: "W") == 944)
    #expect(TextMetrics.advance(of: " ") == 278)
    #expect(TextMetrics.advance(of: "e\u{301}") == TextMetrics.advance(of: "e"))
    #expect(TextMetrics.advance(of: "Ж") == 600)
    #expect(metrics.width(of: "想读") == 20)
  }

  @Test("an empty text keeps one line")
  func emptyTextIsOneLine() {
    #expect(metrics.lineCount(of: "", width: 100) == 1)
    #expect(metrics.height(of: "", width: 100) == 22)
  }

  @Test("CJK text wraps between any two characters")
  func cjkWraps() {
    // 90 points of text at 10 points per character: 9 per line.
    let text = String(repeating: "读", count: 20)
    #expect(metrics.lineCount(of: text, width: 100) == 3)
    #expect(metrics.height(of: text, width: 100) == 46)
  }

  @Test("Latin text wraps after spaces, and a long word between characters")
  func latinWraps() {
    // "aaaa" is 4 × 5.56 = 22.24 points; three words and two spaces need 72.28 points.
    #expect(metrics.lineCount(of: "aaaa aaaa aaaa", width: 10 + 72.28) == 1)
    #expect(metrics.lineCount(of: "aaaa aaaa aaaa", width: 10 + 72) == 2)
    #expect(metrics.lineCount(of: String(repeating: "m", count: 30), width: 10 + 50) == 5)
  }

  @Test("newlines start new lines, and an empty line counts")
  func newlines() {
    #expect(metrics.lineCount(of: "a\n\nb", width: 200) == 3)
  }

  @Test("the same text gives the same height every time, whatever the order of measuring")
  func deterministic() {
    let texts = ["Swift 编程 🚀 with a long enough sentence to wrap", "短", "mixed 中文 and English"]
    let first = texts.map { metrics.height(of: $0, width: 120) }
    let second = texts.reversed().map { metrics.height(of: $0, width: 120) }.reversed()
    #expect(first == Array(second))
  }

  @Test("nonsense sizes do not crash")
  func nonsenseSizes() {
    let odd = TextMetrics(fontSize: -3, lineHeight: .nan)
    #expect(odd.fontSize == 17)
    #expect(odd.lineCount(of: "abc", width: -50) == 3)
    #expect(metrics.lineCount(of: "abc", width: .infinity) == 3)
  }
}

@Suite("TextMetrics fast path")
struct TextMetricsFastPathTests {
  /// Scalars from every range the fast path accepts, plus spaces, tabs and newlines.
  static let alphabet: [Unicode.Scalar] =
    Array("aZ09 .,;!?\t\n-—“”…é中文书评读想在过。，、（）ＡＢ가힣の〆".unicodeScalars)

  @Test("measuring scalars gives what measuring characters gives, on 5,000 seeded strings")
  func fastPathMatchesCharacters() {
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let metrics = TextMetrics(fontSize: 15, padding: TextPadding(top: 4, left: 16, bottom: 4, right: 16))
    for _ in 0..<5_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<next(120) { text.append(Self.alphabet[next(Self.alphabet.count)]) }
      let string = String(text)
      #expect(TextWidthTable.isOneCharacterPerScalar(string))
      let width = Double(40 + next(300))
      let inner = Int((width - 32) * 1000 / 15)
      #expect(
        metrics.lineCount(of: string, width: width)
          == TextMetrics.lineCountMeasuringCharacters(of: string, available: max(1, inner)))
    }
  }

  @Test("text whose scalars may join into one character takes the general path")
  func joiningScalarsAreDetected() {
    for text in ["e\u{301}", "👍🏽", "👩‍💻", "🇨🇳", "a\r\nb", "か\u{3099}", "ﾊﾞ", "\u{1100}\u{1161}"] {
      #expect(!TextWidthTable.isOneCharacterPerScalar(text), "\(text.debugDescription)")
    }
    #expect(TextMetrics().lineCount(of: "👩‍💻👩‍💻", width: 1000) == 1)
  }
}
