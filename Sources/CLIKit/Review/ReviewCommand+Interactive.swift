import Foundation
import TableCore

extension ReviewCommand {
  /// The question after each diff.
  static let prompt =
    "accept (a), reject (r), skip (s), accept all remaining (A), reject all remaining (R), quit (q)? "

  /// What each key does, printed when a key means nothing.
  static let keyHelp =
    "keys: a accepts this golden, r rejects it, s skips it, A accepts it and all remaining, "
    + "R rejects it and all remaining, q quits (the rest stay for later)"

  /// Asks about each item in turn, performing what the keys ask for.
  /// - Returns: 0, 74 when a decision could not be carried out, 130 for Ctrl-C.
  func review(_ items: [ReviewItem], keys: any ReviewKeys, colour: Bool, io: CommandIO) async -> ExitCode {
    guard !items.isEmpty else {
      io.out.line("nothing to review: no failing goldens (*.log.new)")
      return .success
    }
    var machine = ReviewStateMachine(count: items.count)
    var tally = ReviewTally()
    var decided = Set<Int>()
    var pending = machine.start()
    var input = keys.keys.makeAsyncIterator()
    while true {
      for action in pending {
        switch action {
        case .show(let index):
          show(items[index], position: index, of: items.count, colour: colour, io: io)
        case .accept(let index), .reject(let index), .skip(let index):
          decided.insert(index)
          perform(action, on: items[index], tally: &tally, io: io)
        case .explainKeys:
          io.out.line("")
          io.out.line(Self.keyHelp)
          io.out.write(Self.prompt)
          io.out.flush()
        case .finish(let ending):
          io.out.line("")
          tally.left = items.count - decided.count
          io.out.line(tally.summary)
          io.out.flush()
          return ending == .interrupted ? max(tally.worst, .interrupted) : tally.worst
        }
      }
      io.out.flush()
      let key = await input.next() ?? .endOfInput
      if case .character(let character) = key, !character.isWhitespace { io.out.line(String(character)) }
      pending = machine.receive(key)
    }
  }

  /// Prints one item's diff and the question.
  private func show(_ item: ReviewItem, position: Int, of count: Int, colour: Bool, io: CommandIO) {
    let golden = FileManager.default.contents(atPath: item.golden).map { String(decoding: $0, as: UTF8.self) }
    let new = FileManager.default.contents(atPath: item.new).map { String(decoding: $0, as: UTF8.self) }
    io.out.line("")
    io.out.line("[\(position + 1)/\(count)] \(TextEscaping.inline(item.golden))")
    io.out.line(
      "--- \(TextEscaping.inline(item.golden))" + (golden == nil ? " (none yet: accepting creates it)" : ""))
    io.out.line("+++ \(TextEscaping.inline(item.new))")
    if new == nil {
      io.fail("\(item.new): cannot read it")
    }
    let old = golden ?? ""
    let fresh = new ?? ""
    if let first = ReviewComparison.firstDifference(golden: old, new: fresh) {
      io.out.line(TextEscaping.inline(first))
      let diff = ReviewComparison.diff(golden: old, new: fresh, colour: colour)
      io.out.write(diff.isEmpty ? "  (the lines agree; only the final newline differs)\n" : diff)
    } else {
      io.out.line("the new log is the golden, byte for byte")
    }
    io.out.write(Self.prompt)
  }
}
