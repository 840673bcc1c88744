/// Where a log writer hands its text while it writes one event, so that the lines of a whole
/// table (100,000 rows printed at once) never sit in one string: whenever the text written so
/// far reaches ``limit`` bytes at the end of a line, it goes to ``body`` and the buffer starts
/// again (keeping its room).
package struct TextSpill {
  /// How many bytes the buffer may hold before it is handed on.
  package let limit: Int
  /// Takes the text written so far, in order.
  package let body: (String) -> Void

  package init(limit: Int = 1 << 16, _ body: @escaping (String) -> Void) {
    self.limit = limit
    self.body = body
  }

  /// Hands `output` on and empties it, when it has reached the limit.
  @inline(__always)
  package func check(_ output: inout String) {
    guard output.utf8.count >= limit else { return }
    body(output)
    output.removeAll(keepingCapacity: true)
  }
}
