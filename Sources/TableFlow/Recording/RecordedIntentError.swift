/// A fixture's recorded intent that cannot be replayed: it does not parse, or it holds a line
/// break (a record is one intent, one line).
public struct RecordedIntentError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The fixture's path (or the name it was loaded under).
  public let path: String
  /// The 1-based number of the intent among the fixture's intents.
  public let number: Int
  /// Why it cannot be replayed.
  public let reason: String
  private let holdsLineBreak: Bool

  init(path: String, number: Int, lineBreak: Void) {
    self.path = path
    self.number = number
    reason = "holds a line break; an intent is one line"
    holdsLineBreak = true
  }

  init(path: String, number: Int, syntax: IntentSyntaxError) {
    self.path = path
    self.number = number
    reason = syntax.description
    holdsLineBreak = false
  }

  /// One line, the fixture first: `PATH: recorded intent N holds a line break; …` or
  /// `PATH: recorded intent: REASON`.
  public var description: String { "\(path): \(summary)" }

  /// The description without the path.
  var summary: String {
    holdsLineBreak ? "recorded intent \(number) \(reason)" : "recorded intent: \(reason)"
  }
}
