/// Where the interactive review's keys come from: the terminal, or a script in tests.
protocol ReviewKeys: Sendable {
  /// The keys as they are pressed; the end of input comes as one `.endOfInput`, then the
  /// stream ends. Iterated once.
  var keys: AsyncStream<ReviewStateMachine.Key> { get }
  /// Gives the terminal back as it was; keys are no longer read.
  func close()
}

extension ReviewStateMachine.Key {
  /// The key one byte of terminal input stands for.
  init(byte: UInt8) {
    switch byte {
    case 0x03: self = .interrupt
    case 0x04: self = .endOfInput
    case 0x20..<0x7F, 0x0A, 0x0D, 0x09: self = .character(Character(Unicode.Scalar(byte)))
    // Anything else (escape sequences, bytes of non-ASCII characters) is no answer.
    default: self = .character("\u{FFFD}")
    }
  }
}
