/// Deterministic row heights for the built-in feeds' cells (seed B: the model computes its
/// height once, off the view).
///
/// Text is measured with a fixed width table, so every machine computes the same height:
/// CJK, full-width characters and emoji are 1 em wide, everything else 0.55 em.
enum CellLayout {
  /// The width available to text in a cell: a 375-point screen less 16-point insets.
  static let textWidth = 343.0
  /// The vertical padding above and below a cell's text.
  static let verticalPadding = 11.0

  /// A run of text in one font, optionally limited to a number of lines.
  struct TextBlock {
    var text: String
    var fontSize: Double
    var maxLines: Int?

    /// The line height: 1.2 times the font size.
    var lineHeight: Double { fontSize * 1.2 }
  }

  /// The height of a cell that stacks `blocks`, plus padding above and below.
  static func height(_ blocks: [TextBlock], padding: Double = verticalPadding) -> Double {
    var total = 2 * padding
    for block in blocks {
      var lines = lineCount(block.text, fontSize: block.fontSize)
      if let limit = block.maxLines { lines = min(lines, limit) }
      total += Double(lines) * block.lineHeight
    }
    return total
  }

  /// How many lines `text` wraps to in ``textWidth`` (at least one; explicit newlines break).
  static func lineCount(_ text: String, fontSize: Double, width: Double = textWidth) -> Int {
    let capacity = width / fontSize  // in ems
    var lines = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var ems = 0.0
      var paragraphLines = 1
      for scalar in paragraph.unicodeScalars {
        let advance = isWide(scalar) ? 1.0 : 0.55
        if ems + advance > capacity {
          paragraphLines += 1
          ems = 0
        }
        ems += advance
      }
      lines += paragraphLines
    }
    return max(lines, 1)
  }

  /// Whether a scalar is drawn 1 em wide: CJK, kana, hangul, full-width forms, emoji.
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
