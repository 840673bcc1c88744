/// The interactive review as a pure machine: the keys a person presses in, the actions their
/// owner performs out, one failing golden at a time.
///
/// The machine decides nothing on its own: every accept or reject it asks for follows a key
/// that asked for it (`a`, `r`, or `A`/`R` for this one and all that remain). Quitting (`q`,
/// Ctrl-C, Ctrl-D or the end of input) leaves the remaining `.new` files where they are.
struct ReviewStateMachine: Equatable, Sendable {
  /// What the person did.
  enum Key: Equatable, Sendable {
    /// A key that produces a character.
    case character(Character)
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D or the end of the input.
    case endOfInput
  }

  /// How the review ended.
  enum Ending: Equatable, Sendable {
    /// Every failing golden was shown and decided or skipped.
    case reviewedAll
    /// The person quit (`q`, Ctrl-D, end of input) with goldens left to review.
    case quit
    /// Ctrl-C.
    case interrupted
  }

  /// What the owner does, in order.
  enum Action: Equatable, Sendable {
    /// Show the item at this index (its diff) and ask about it.
    case show(Int)
    /// Move the item's `.new` file over its golden.
    case accept(Int)
    /// Delete the item's `.new` file.
    case reject(Int)
    /// Leave the item as it is.
    case skip(Int)
    /// Say again which keys do what: the key pressed means nothing here.
    case explainKeys
    /// Stop asking.
    case finish(Ending)
  }

  /// How many items there are to review.
  let count: Int
  /// The item being asked about, or `nil` before ``start()`` and after the end.
  private(set) var current: Int?
  private var finished = false

  /// A review of `count` items.
  init(count: Int) { self.count = count }

  /// Shows the first item, or ends at once when there is none.
  mutating func start() -> [Action] {
    guard !finished, current == nil else { return [] }
    guard count > 0 else { return end(.reviewedAll) }
    current = 0
    return [.show(0)]
  }

  /// What `key` asks for; nothing once the review has ended.
  mutating func receive(_ key: Key) -> [Action] {
    guard let index = current else { return [] }
    switch key {
    case .interrupt: return end(.interrupted)
    case .endOfInput: return end(.quit)
    case .character(let character):
      switch character {
      case "a": return [.accept(index)] + advance(from: index)
      case "r": return [.reject(index)] + advance(from: index)
      case "s": return [.skip(index)] + advance(from: index)
      case "A": return (index..<count).map(Action.accept) + end(.reviewedAll)
      case "R": return (index..<count).map(Action.reject) + end(.reviewedAll)
      case "q": return end(index < count ? .quit : .reviewedAll)
      // Enter after a key, or a stray space, is not a question.
      case " ", "\n", "\r", "\r\n", "\t": return []
      default: return [.explainKeys]
      }
    }
  }

  private mutating func advance(from index: Int) -> [Action] {
    guard index + 1 < count else { return end(.reviewedAll) }
    current = index + 1
    return [.show(index + 1)]
  }

  private mutating func end(_ ending: Ending) -> [Action] {
    current = nil
    finished = true
    return [.finish(ending)]
  }
}
