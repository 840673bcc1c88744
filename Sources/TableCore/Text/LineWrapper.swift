/// Wraps one paragraph into lines, character by character, as ``TextMetrics`` measures it:
/// words break at spaces and around full-width characters; a word wider than a line breaks
/// anywhere; spaces hang in the margin rather than wrapping.
struct LineWrapper {
  private let available: Int
  private var lines = 1
  private var position = 0  // width used on the current line
  private var word: [Int] = []  // advances of the word being read
  private var wordWidth = 0

  /// Starts a paragraph for lines `available` thousandths of an em wide.
  init(available: Int) {
    self.available = available
  }

  /// Adds one character's advance.
  mutating func add(advance: Int, isSpace: Bool) {
    let isWide = advance == TextWidthTable.em && !isSpace
    if isSpace || isWide {
      flushWord()
      if isSpace {
        position += advance
      } else {
        place(width: advance, advances: nil)
      }
    } else {
      word.append(advance)
      wordWidth += advance
    }
  }

  /// Ends the paragraph and returns its number of lines (at least 1).
  mutating func finish() -> Int {
    flushWord()
    return lines
  }

  private mutating func flushWord() {
    guard !word.isEmpty else { return }
    place(width: wordWidth, advances: word)
    word.removeAll(keepingCapacity: true)
    wordWidth = 0
  }

  /// Places a word (or one wide character, `advances == nil`) of `width` on the lines.
  private mutating func place(width: Int, advances: [Int]?) {
    if position + width <= available {
      position += width
      return
    }
    if position > 0 {
      lines += 1
      position = 0
    }
    if width <= available {
      position = width
      return
    }
    for advance in advances ?? [width] {
      if position + advance > available && position > 0 {
        lines += 1
        position = 0
      }
      position += advance
    }
  }
}
