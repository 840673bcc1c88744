extension ReplayTransport {
  /// The recorded intents as the script that replays them: one intent a record, in recorded
  /// order. The one way a fixture's intents become a script (the command line, `assertSession`
  /// and the package's tests all use it); pass it with ``appliedOrder`` so the replay applies
  /// intents and answers in the recorded order.
  ///
  /// A record is exactly one intent: a blank or comment record, or one holding a line break,
  /// is an error rather than being skipped or read as several intents.
  /// - Throws: ``RecordedIntentError`` naming the fixture and the intent.
  /// - Complexity: O(total length of the intents).
  public nonisolated func recordedScript() throws(RecordedIntentError) -> [ScriptedIntent] {
    var script: [ScriptedIntent] = []
    script.reserveCapacity(intents.count)
    for (index, line) in intents.enumerated() {
      if line.contains(where: \.isNewline) {
        throw RecordedIntentError(path: path, number: index + 1, lineBreak: ())
      }
      do throws(IntentSyntaxError) {
        guard let intent = try Intent.parse(line: line) else {
          throw IntentSyntaxError("empty intent")
        }
        script.append(ScriptedIntent(intent))
      } catch {
        throw RecordedIntentError(path: path, number: index + 1, syntax: error)
      }
    }
    return script
  }
}
