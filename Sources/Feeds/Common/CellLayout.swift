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

    /// One line of any text in this font: a block limited to one line takes one line
    /// whatever its text (every text takes at least one), so none need be made for it.
    static func oneLine(fontSize: Double) -> TextBlock {
      TextBlock(text: "", fontSize: fontSize, maxLines: 1)
    }
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
      let lines =
        block.maxLines == 1 || fitsOnOneLine(block)
        ? 1
        : cache.lines(for: .init(text: block.text, fontSize: block.fontSize, maxLines: block.maxLines)) {
          lineCount(block, metrics: metrics)
        }
      total += Double(lines) * metrics.lineHeight
    }
    // Sums of 1.2 em line heights carry float noise (56.800000000000004); whole points do not.
    return (total - 1e-9).rounded(.up)
  }

  /// Line counts of texts measured before: a list rebuilt for its next page measures only the
  /// new books.
  private static let cache = LineCountCache(capacity: 100_000)

  /// The height as ``height(_:padding:)`` computes it, measuring every block in full: what
  /// the shortcuts must agree with (the tests compare them).
  static func referenceHeight(_ blocks: [TextBlock], padding: Double = verticalPadding) -> Double {
    var total = 2 * padding
    for block in blocks {
      let metrics = TextMetrics(
        fontSize: block.fontSize, padding: TextPadding(left: horizontalInset, right: horizontalInset))
      var lines = metrics.lineCount(of: block.text, width: tableWidth)
      if let limit = block.maxLines { lines = min(lines, limit) }
      total += Double(lines) * metrics.lineHeight
    }
    return (total - 1e-9).rounded(.up)
  }

  /// The narrowest advance of a printable character in TextMetrics' table, in ems (`i`, `j`,
  /// `l`: 0.222 em).
  private static let narrowestAdvance = 0.222

  /// The lines `block` takes, at most its `maxLines`.
  ///
  /// A long text limited to a few lines (a summary) is measured by prefixes first: a prefix
  /// never takes more lines than the whole text, so a prefix that already reaches the limit
  /// settles it. Prefixes are sized for full-width text, then for the narrowest characters.
  private static func lineCount(_ block: TextBlock, metrics: TextMetrics) -> Int {
    guard let limit = block.maxLines else { return metrics.lineCount(of: block.text, width: tableWidth) }
    let availableEms = (tableWidth - 2 * horizontalInset) / block.fontSize
    let scalars = block.text.unicodeScalars
    for perLine in [availableEms, availableEms / narrowestAdvance] {
      let length = limit * (Int(perLine) + 1)
      guard let end = scalars.index(scalars.startIndex, offsetBy: length, limitedBy: scalars.endIndex),
        end != scalars.endIndex
      else { break }
      let prefix = String(Substring(scalars[..<end]))
      if metrics.lineCount(of: prefix, width: tableWidth) >= limit { return limit }
    }
    return min(metrics.lineCount(of: block.text, width: tableWidth), limit)
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
