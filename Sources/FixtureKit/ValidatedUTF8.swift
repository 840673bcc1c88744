/// Strict UTF-8 decoding for the platforms' minimum versions.
///
/// The standard library's `String(validating:as:)` needs iOS 18 / macOS 15, newer than the
/// package's minimum platforms; this gives the same answer everywhere.
enum ValidatedUTF8 {
  /// The text `bytes` encode, or `nil` when they are not well-formed UTF-8.
  ///
  /// Decoding repairs each ill-formed sequence into U+FFFD, which changes the bytes, so the
  /// decoded text re-encodes to the input exactly when the input was well-formed.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func string(_ bytes: some Collection<UInt8>) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }
}
