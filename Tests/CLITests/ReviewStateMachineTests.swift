import TestSupport
import Testing

@testable import CLIKit

@Suite("the review's state machine: keys in, actions out")
struct ReviewStateMachineTests {
  typealias Machine = ReviewStateMachine

  static func key(_ character: Character) -> Machine.Key { .character(character) }

  @Test("a, r and s decide the item shown and show the next; the last one ends the review")
  func oneByOne() {
    var machine = Machine(count: 3)
    #expect(machine.start() == [.show(0)])
    #expect(machine.receive(Self.key("a")) == [.accept(0), .show(1)])
    #expect(machine.receive(Self.key("s")) == [.skip(1), .show(2)])
    #expect(machine.receive(Self.key("r")) == [.reject(2), .finish(.reviewedAll)])
    #expect(machine.receive(Self.key("a")) == [])
  }

  @Test("A accepts the item shown and every one after it, R rejects them")
  func allRemaining() {
    var accepting = Machine(count: 4)
    _ = accepting.start()
    #expect(accepting.receive(Self.key("s")) == [.skip(0), .show(1)])
    #expect(accepting.receive(Self.key("A")) == [.accept(1), .accept(2), .accept(3), .finish(.reviewedAll)])

    var rejecting = Machine(count: 2)
    _ = rejecting.start()
    #expect(rejecting.receive(Self.key("R")) == [.reject(0), .reject(1), .finish(.reviewedAll)])
    #expect(rejecting.receive(Self.key("R")) == [])
  }

  @Test("q, Ctrl-D and the end of input quit with the rest undecided; Ctrl-C says it was interrupted")
  func quitting() {
    for key in [Self.key("q"), .endOfInput] {
      var machine = Machine(count: 3)
      _ = machine.start()
      #expect(machine.receive(Self.key("a")) == [.accept(0), .show(1)])
      #expect(machine.receive(key) == [.finish(.quit)])
      #expect(machine.receive(Self.key("a")) == [])
    }
    var interrupted = Machine(count: 2)
    _ = interrupted.start()
    #expect(interrupted.receive(.interrupt) == [.finish(.interrupted)])
    #expect(Machine.Key(byte: 0x03) == .interrupt)
    #expect(Machine.Key(byte: 0x04) == .endOfInput)
    #expect(Machine.Key(byte: UInt8(ascii: "A")) == Self.key("A"))
  }

  @Test("any other key accepts nothing: the keys are explained and the same item stays")
  func otherKeys() {
    var machine = Machine(count: 2)
    _ = machine.start()
    for character: Character in ["x", "y", "Y", "?", "\u{FFFD}", "1"] {
      #expect(machine.receive(Self.key(character)) == [.explainKeys])
    }
    #expect(Machine.Key(byte: 0x1B) == Self.key("\u{FFFD}"))  // an arrow key's escape
    // Enter after a key is no question either.
    #expect(machine.receive(Self.key("\n")) == [])
    #expect(machine.receive(Self.key("\r")) == [])
    #expect(machine.current == 0)
    #expect(machine.receive(Self.key("r")) == [.reject(0), .show(1)])
  }

  @Test("nothing to review ends at once; keys before start do nothing")
  func empty() {
    var machine = Machine(count: 0)
    #expect(machine.receive(Self.key("a")) == [])
    #expect(machine.start() == [.finish(.reviewedAll)])
    #expect(machine.start() == [])
  }

  @Test("every sequence of keys accepts only the items an a or an A was pressed on", arguments: 0..<50)
  func acceptsOnlyWhenAsked(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let keys: [Machine.Key] =
      ["a", "r", "s", "A", "R", "q", "x", "\n"].map(Self.key) + [.interrupt, .endOfInput]
    var machine = Machine(count: 1 + Int(random.next() % 6))
    var shown = machine.start()
    var accepted: Set<Int> = []
    var asked: Set<Int> = []
    while let last = shown.last, last != .finish(.reviewedAll), last != .finish(.quit),
      last != .finish(.interrupted)
    {
      let key = keys[Int(random.next() % UInt64(keys.count))]
      let current = machine.current ?? -1
      if key == Self.key("a") { asked.insert(current) }
      if key == Self.key("A") { asked.formUnion(current..<machine.count) }
      let actions = machine.receive(key)
      for case .accept(let index) in actions { accepted.insert(index) }
      if !actions.isEmpty { shown = actions }
    }
    #expect(accepted == asked)
  }
}
