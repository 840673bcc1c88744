import Foundation

/// Texts compared and hashed as their UTF-8 bytes: one pass over the bytes, without the
/// Unicode normalisation `String`'s `==` and hashing do (which costs several times a CJK
/// text's length). Canonically equivalent texts with other bytes are different here.
enum UTF8Bytes {
  /// Whether both texts have the same UTF-8 bytes: one `memcmp` for native strings (the
  /// usual case), byte by byte otherwise.
  static func equal(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { lhs in
      rhs.utf8.withContiguousStorageIfAvailable { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.isEmpty }
        return memcmp(left, right, lhs.count) == 0
      }
    }
    return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// Whether both are absent, or both present with the same UTF-8 bytes.
  static func equal(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): equal(lhs, rhs)
    default: false
    }
  }

  /// Feeds whether the text is present, then its bytes, to `hasher`.
  static func hash(_ text: String?, into hasher: inout Hasher) {
    hasher.combine(text != nil)
    if let text { hash(text, into: &hasher) }
  }

  /// Feeds the text's UTF-8 bytes and their count to `hasher`.
  static func hash(_ text: String, into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { bytes in
      hasher.combine(bytes.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
  }
}
