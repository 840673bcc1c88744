import TableCore

/// Row heights for the built-in feeds' cells (seed B: the model computes its height once, off
/// the view), measured with TableCore's deterministic ``TextMetrics`` so every machine
/// computes the same height.
enum CellLayout {
  /// The width of the table: an iPhone's 375 points.
  static let tableWidth = 375.0
  /// The cell's left and right insets.
  static let horizontalInset = 16.0
  /// The vertical padding above and below a cell's text.
  static let verticalPadding = 11.0

  /// A run of text in one font, optionally limited to a number of lines.
  struct TextBlock {
    var text: String
    var fontSize: Double
    var maxLines: Int?
  }

  /// The height of a cell that stacks `blocks` (1.2 em lines), plus padding above and below,
  /// rounded up to a whole point.
  static func height(_ blocks: [TextBlock], padding: Double = verticalPadding) -> Double {
    var total = 2 * padding
    for block in blocks {
      let metrics = TextMetrics(
        fontSize: block.fontSize, padding: TextPadding(left: horizontalInset, right: horizontalInset))
      // Every text takes at least one line, so a one-line block needs no measuring (most of a
      // book row's blocks; measuring is the transform's main cost).
      var lines = 1
      if block.maxLines != 1 && !fitsOnOneLine(block) {
        lines = metrics.lineCount(of: block.text, width: tableWidth)
        if let limit = block.maxLines { lines = min(lines, limit) }
      }
      total += Double(lines) * metrics.lineHeight
    }
    // Sums of 1.2 em line heights carry float noise (56.800000000000004); whole points do not.
    return (total - 1e-9).rounded(.up)
  }

  /// The widest advance in TextMetrics' table, in ems (a tab: four spaces of 0.278 em).
  private static let widestAdvance = 1.112

  /// Whether `block` surely fits on one line: no line break, and even at the widest advance
  /// per scalar it is no wider than the cell. Saves measuring short texts.
  private static func fitsOnOneLine(_ block: TextBlock) -> Bool {
    let available = tableWidth - 2 * horizontalInset
    var scalars = 0
    for scalar in block.text.unicodeScalars {
      if scalar == "\n" { return false }
      scalars += 1
    }
    return Double(scalars) * widestAdvance * block.fontSize <= available
  }
}
