/// The fixed advance widths behind ``TextMetrics``, in thousandths of an em.
enum TextWidthTable {
  /// One em: full-width characters.
  static let em = 1000
  /// Characters not otherwise listed.
  static let other = 600
  /// A tab: four spaces.
  static let tab = 4 * 278

  /// Printable ASCII from U+0020 (space) to U+007E (tilde): the widths of a common
  /// proportional sans-serif face.
  private static let ascii: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // sp–/
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0–?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @–O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P–_
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // `–o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p–~
  ]

  /// Ranges of full-width characters: East Asian wide and full-width blocks, and emoji.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initials
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compat
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE30...0xFE4F,  // CJK compatibility forms
    0xFF00...0xFF60,  // full-width forms
    0xFFE0...0xFFE6,  // full-width signs
    0x1F000...0x1FAFF,  // emoji, pictographs, regional indicators
    0x20000...0x3FFFD,  // CJK extensions B and later
  ]

  /// Advance of a scalar, in thousandths of an em.
  static func advance(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value <= 0x7E { return ascii[Int(value - 0x20)] }
    if value == 0x09 { return tab }
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value >= 0x1100 {
      for range in wide where range.contains(value) { return em }
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return other
    }
  }
}

extension TextWidthTable {
  /// Whether every Unicode scalar of `text` is a character of its own: no scalar can join its
  /// neighbour into one grapheme cluster (no combining marks, joiners, variation selectors,
  /// emoji modifiers, regional indicators, Hangul jamo or CR LF). Then measuring scalars gives
  /// exactly what measuring characters gives, without grapheme breaking.
  /// - Complexity: O(n) in the scalars, stopping at the first that may join.
  static func isOneCharacterPerScalar(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x00...0x0C, 0x0E...0x2FF: return true  // below the combining diacriticals, not CR
      case 0x2010...0x2027, 0x2030...0x205E: return true  // punctuation, no joiners
      case 0x2E80...0x3029, 0x3030...0x3098, 0x309B...0x9FFF: return true  // CJK, no tone or kana marks
      case 0xAC00...0xD7A3: return true  // Hangul syllables (a following jamo fails the check)
      case 0xFF00...0xFF9D, 0xFFA0...0xFFEF: return true  // full-width forms, no sound marks
      default: return false
      }
    }
  }
}
