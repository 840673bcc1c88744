/// How a conflating subscriber treats one event (see ``ConflatedEvents``).
enum Conflation: Hashable, Sendable {
  /// Not for this subscriber: skipped.
  case ignore
  /// Never skipped: an update carrying a navigation, the end of a screen.
  case keep
  /// Skippable: until the subscriber takes its events, only the newest event with this key
  /// is kept (a screen instance's newest update).
  case newest(key: Int)
}

/// A conflating subscriber's events not yet taken, in the order they were published: at most
/// one ``Conflation/newest(key:)`` event per key, plus every ``Conflation/keep`` event.
///
/// A newer event with a key replaces the older one and takes its place at the end, as if the
/// older one had never been published: the order stays the publish order of what is kept.
struct ConflatedEvents<Element> {
  private var events: [(key: Int?, element: Element)] = []

  /// Whether nothing waits to be taken.
  var isEmpty: Bool { events.isEmpty }

  /// The number of events waiting.
  var count: Int { events.count }

  /// Adds an event as `conflation` says.
  /// - Complexity: O(events waiting) for a keyed event, O(1) otherwise.
  mutating func add(_ element: Element, as conflation: Conflation) {
    switch conflation {
    case .ignore:
      return
    case .keep:
      events.append((nil, element))
    case .newest(let key):
      if let index = events.firstIndex(where: { $0.key == key }) { events.remove(at: index) }
      events.append((key, element))
    }
  }

  /// Takes every waiting event, in order.
  mutating func take() -> [Element] {
    defer { events.removeAll() }
    return events.map(\.element)
  }
}
