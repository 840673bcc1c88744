/// One line of an intents script: an intent, and whether the next intent is sent at once
/// instead of once this one has settled (the line ends in ` &`), as a user acting during a
/// load.
public struct ScriptedIntent: Hashable, Sendable, CustomStringConvertible {
  /// The intent.
  public var intent: Intent
  /// Whether the next intent is sent without waiting for this one to settle.
  public var sendsNextAtOnce: Bool

  /// Creates a script line.
  public init(_ intent: Intent, sendsNextAtOnce: Bool = false) {
    self.intent = intent
    self.sendsNextAtOnce = sendsNextAtOnce
  }

  /// The line as written in an intents file.
  public var description: String { intent.description + (sendsNextAtOnce ? " &" : "") }

  /// Parses a whole intents file: one intent a line, ` &` at the end of a line to send the next
  /// one at once, blank lines and `#` comments ignored.
  ///
  /// - Throws: ``IntentSyntaxError`` with the 1-based line number of the first bad line.
  public static func parseScript(_ text: String) throws(IntentSyntaxError) -> [ScriptedIntent] {
    var lines: [ScriptedIntent] = []
    var lineNumber = 0
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      lineNumber += 1
      var body = Substring(line)
      while let last = body.last, last == " " || last == "\t" || last == "\r" { body = body.dropLast() }
      var atOnce = false
      if body.hasSuffix("&"), body.dropLast().last.map({ $0 == " " || $0 == "\t" }) ?? false {
        atOnce = true
        body = body.dropLast()
      }
      do {
        if let intent = try Intent.parse(line: body) {
          lines.append(ScriptedIntent(intent, sendsNextAtOnce: atOnce))
        }
      } catch {
        throw IntentSyntaxError(error.message, line: lineNumber)
      }
    }
    return lines
  }
}
