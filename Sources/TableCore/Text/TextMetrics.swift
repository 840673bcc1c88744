/// Deterministic text measurement for row heights: every machine computes the same height
/// for the same text, with no font files and no platform text engine.
///
/// Widths come from a fixed table in thousandths of an em: CJK ideographs, kana, Hangul,
/// full-width forms and emoji are 1 em; printable ASCII takes the widths of a common
/// proportional sans-serif; any other character 0.6 em; combining marks and zero-width
/// characters nothing (a grapheme cluster measures as its first scalar). Lines break
/// greedily after spaces and on either side of a full-width character; a word wider than a
/// line breaks between characters; `\n` starts a new line; spaces at the end of a line hang
/// in the margin. All arithmetic on widths is integer, so the result does not depend on
/// floating-point summation order.
///
/// ```swift
/// let metrics = TextMetrics(fontSize: 15, lineHeight: 20, padding: TextPadding(all: 12))
/// let height = metrics.height(of: book.summary, width: 375)
/// ```
public struct TextMetrics: Hashable, Sendable {
  /// The font size in points: one em.
  public let fontSize: Double
  /// The distance between baselines, in points.
  public let lineHeight: Double
  /// The space around the text.
  public let padding: TextPadding

  /// Creates metrics.
  ///
  /// - Parameters:
  ///   - fontSize: Points per em; a size that is not finite and positive falls back to 17.
  ///   - lineHeight: Points per line; defaults to 1.2 em.
  ///   - padding: Space around the text; none by default.
  public init(fontSize: Double = 17, lineHeight: Double? = nil, padding: TextPadding = .zero) {
    let size = fontSize.isFinite && fontSize > 0 ? fontSize : 17
    self.fontSize = size
    if let lineHeight, lineHeight.isFinite && lineHeight >= 0 {
      self.lineHeight = lineHeight
    } else {
      self.lineHeight = size * 1.2
    }
    self.padding = padding
  }

  /// The advance of one character, in thousandths of an em.
  public static func advance(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    return TextWidthTable.advance(of: scalar)
  }

  /// The width of `text` set on one line, in points.
  public func width(of text: String) -> Double {
    let units = text.reduce(0) { $0 + Self.advance(of: $1) }
    return Double(units) * fontSize / 1000
  }

  /// The number of lines `text` takes in a cell `width` points wide (padding included);
  /// at least one, so an empty text keeps its line.
  public func lineCount(of text: String, width: Double) -> Int {
    let inner = (width - padding.left - padding.right) * 1000 / fontSize
    let available = inner.isFinite ? max(1, Int(min(inner, Double(Int32.max)))) : 1
    if TextWidthTable.isOneCharacterPerScalar(text) {
      // Fast path, same result: every scalar is a whole character, so no grapheme breaking.
      var lines = 0
      var wrapper = LineWrapper(available: available)
      for scalar in text.unicodeScalars {
        if scalar == "\n" {
          lines += wrapper.finish()
          wrapper = LineWrapper(available: available)
        } else {
          wrapper.add(advance: TextWidthTable.advance(of: scalar), isSpace: scalar == " " || scalar == "\t")
        }
      }
      return max(lines + wrapper.finish(), 1)
    }
    return Self.lineCountMeasuringCharacters(of: text, available: available)
  }

  /// The line count measured character by character (with grapheme breaking): the general
  /// path, and the reference the fast path is tested against.
  static func lineCountMeasuringCharacters(of text: String, available: Int) -> Int {
    var lines = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var wrapper = LineWrapper(available: available)
      for character in paragraph {
        wrapper.add(advance: Self.advance(of: character), isSpace: character == " " || character == "\t")
      }
      lines += wrapper.finish()
    }
    return max(lines, 1)
  }

  /// The height of a cell showing `text` in `width` points: padding plus one line height per
  /// line, rounded up to a whole point.
  public func height(of text: String, width: Double) -> Double {
    let lines = Double(lineCount(of: text, width: width))
    return (padding.top + padding.bottom + lines * lineHeight).rounded(.up)
  }

  /// Greedy line breaking of one paragraph in `available` thousandths of an em.
}
