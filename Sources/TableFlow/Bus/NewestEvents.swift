/// The newest event of each live key, remembered for subscribers yet to come: for the bus,
/// each live screen instance's current presented update, which a new per-screen or conflating
/// subscription starts from.
///
/// Keys are expected to appear in increasing order (screen instances count up as screens are
/// pushed), so a key at or below the highest one seen that has no event was forgotten: its
/// screen was popped and will never be shown again.
struct NewestEvents<Element> {
  /// What an event changes.
  enum Effect: Hashable, Sendable {
    /// Nothing.
    case none
    /// The event becomes the newest of `key`; `forgetting`, when set, is dropped.
    case newest(key: Int, forgetting: Int?)
  }

  let effect: (Element) -> Effect
  /// What is kept of an event that becomes the newest of its key.
  let kept: (Element) -> Element
  private var events: [Int: (sequence: UInt64, element: Element)] = [:]
  private var highestKey = Int.min

  /// Remembers events as `effect` says, keeping `kept(event)` of each (by default the event).
  init(effect: @escaping (Element) -> Effect, kept: @escaping (Element) -> Element = { $0 }) {
    self.effect = effect
    self.kept = kept
  }

  /// Notes event number `sequence`.
  mutating func record(_ element: Element, sequence: UInt64) {
    guard case .newest(let key, let forgotten) = effect(element) else { return }
    if let forgotten {
      events[forgotten] = nil
      highestKey = Swift.max(highestKey, forgotten)
    }
    events[key] = (sequence, kept(element))
    highestKey = Swift.max(highestKey, key)
  }

  /// The newest event of each live key, in publish order.
  /// - Complexity: O(k log k) for k live keys.
  var current: [Element] { events.values.sorted { $0.sequence < $1.sequence }.map(\.element) }

  /// The number of live keys.
  var count: Int { events.count }

  /// Whether `key` was seen and forgotten since (or skipped over, never to come).
  func hasForgotten(_ key: Int) -> Bool { key <= highestKey && events[key] == nil }
}
