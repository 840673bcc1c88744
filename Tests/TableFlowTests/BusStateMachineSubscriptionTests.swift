import Testing

@testable import TableFlow

/// The bus's conflating, seeded and reserved subscribers, driven synchronously one event per
/// line. Events read `KEY:WHAT`: `1:v2` is screen 1's version 2 (skippable), `2:nav` an update
/// carrying a navigation (never skipped), `1:pop2` screen 1 revealed by popping screen 2.
@Suite("BusStateMachine subscriptions")
struct BusStateMachineSubscriptionTests {
  typealias Machine = BusStateMachine<String, String, String>

  static func rule(_ event: String) -> Conflation {
    let parts = event.split(separator: ":")
    guard parts.count == 2, let key = Int(parts[0]) else { return .ignore }
    return parts[1].hasPrefix("v") ? .newest(key: key) : .keep
  }

  static func remembering(_ event: String) -> Machine.Remembering {
    let parts = event.split(separator: ":")
    guard parts.count == 2, let key = Int(parts[0]) else { return .none }
    if parts[1].hasPrefix("pop"), let popped = Int(parts[1].dropFirst(3)) {
      return .newest(key: key, forgetting: popped)
    }
    return .newest(key: key, forgetting: nil)
  }

  static func machine(capacity: Int) -> Machine { Machine(capacity: capacity, remembering: remembering) }

  @Test("conflating keeps the newest event per key and every kept one, in publish order")
  func conflatingFolds() {
    var bus = Self.machine(capacity: 1)
    let ui = bus.subscribe(.conflating(Self.rule))
    let step1 = bus.publish { _ in "1:v1" }
    #expect(!step1.mustWait)
    let step2 = bus.publish { _ in "1:v2" }
    #expect(!step2.mustWait)
    let step3 = bus.publish { _ in "2:nav" }
    #expect(!step3.mustWait)
    let step4 = bus.publish { _ in "intent" }
    #expect(!step4.mustWait)
    let step5 = bus.publish { _ in "1:v3" }
    #expect(!step5.mustWait)
    let step6 = bus.publish { _ in "2:v2" }
    #expect(!step6.mustWait)
    #expect(bus.bufferedCount == 3)
    let step7 = bus.next(ui)
    #expect(BusStateMachineTests.taken(step7) == ["2:nav", "1:v3", "2:v2"])
    let step8 = bus.next(ui)
    #expect(BusStateMachineTests.waits(step8))
    #expect(bus.storage.isEmpty)
    #expect(bus.bufferedCount == 0)
  }

  @Test("a waiting conflating subscriber is handed the next match directly")
  func conflatingWaiter() {
    var bus = Self.machine(capacity: 4)
    let ui = bus.subscribe(.conflating(Self.rule))
    let step1 = bus.wait(ui, "ui")
    #expect(step1 == nil)
    let step2 = bus.publish { _ in "intent" }
    #expect(step2.deliveries.isEmpty)
    let step3 = bus.publish { _ in "1:v1" }
    #expect(step3.deliveries.map(\.0) == ["ui"])
    #expect(step3.deliveries.map(\.1) == [["1:v1"]])
    let step4 = bus.next(ui)
    #expect(BusStateMachineTests.waits(step4))
  }

  @Test("a held, unread conflating subscriber never holds the publisher and keeps one event per key")
  func conflatingUnreadIsBounded() {
    var bus = Self.machine(capacity: 2)
    _ = bus.subscribe(.conflating(Self.rule))
    for version in 1...3000 {
      let step = bus.publish { _ in "1:v\(version)" }
      #expect(!step.mustWait)
    }
    #expect(bus.bufferedCount == 1)
    #expect(bus.pending == 0)
  }

  @Test("a new subscriber starts with the newest remembered event of each live key")
  func seeded() {
    var bus = Self.machine(capacity: 8)
    _ = bus.publish { _ in "1:v1" }
    _ = bus.publish { _ in "2:nav" }
    _ = bus.publish { _ in "1:v2" }
    _ = bus.publish { _ in "2:v2" }
    #expect(bus.rememberedCount == 2)
    let all = bus.subscribe(.conflating(Self.rule), seed: Self.rule)
    let one = bus.subscribe(.lossless, seed: { $0.hasPrefix("2:") ? .keep : .ignore })
    let unseeded = bus.subscribe(.lossless)
    _ = bus.publish { _ in "2:v3" }
    let step1 = bus.next(all)
    #expect(BusStateMachineTests.taken(step1) == ["1:v2", "2:v3"])  // 2:v2 replaced by 2:v3
    let step2 = bus.next(one)
    #expect(BusStateMachineTests.taken(step2) == ["2:v2", "2:v3"])
    let step3 = bus.next(unseeded)
    #expect(BusStateMachineTests.taken(step3) == ["2:v3"])
  }

  @Test("a popped key is forgotten: no seed, and hasForgotten says so")
  func forgotten() {
    var bus = Self.machine(capacity: 8)
    _ = bus.publish { _ in "1:v1" }
    _ = bus.publish { _ in "2:nav" }
    #expect(!bus.hasForgotten(2))
    #expect(!bus.hasForgotten(3))  // not pushed yet
    _ = bus.publish { _ in "1:pop2" }
    #expect(bus.hasForgotten(2))
    #expect(!bus.hasForgotten(1))
    #expect(bus.rememberedCount == 1)
    let late = bus.subscribe(.conflating(Self.rule), seed: Self.rule)
    let step1 = bus.next(late)
    #expect(BusStateMachineTests.taken(step1) == ["1:pop2"])
  }

  @Test("after finish a new subscriber is not seeded: it ends at once")
  func noSeedAfterFinish() {
    var bus = Self.machine(capacity: 8)
    _ = bus.publish { _ in "1:v1" }
    _ = bus.finish()
    let late = bus.subscribe(.conflating(Self.rule), seed: Self.rule)
    let step1 = bus.next(late)
    #expect(BusStateMachineTests.ended(step1))
    let lossless = bus.subscribe(.lossless, seed: Self.rule)
    let step2 = bus.next(lossless)
    #expect(BusStateMachineTests.ended(step2))
  }

  @Test("a reserved subscriber keeps every event without holding the publisher")
  func reservedDoesNotThrottle() {
    var bus = Self.machine(capacity: 4)
    let first = bus.subscribe(.reserved)
    let step1 = bus.publish { _ in "a" }
    #expect(!step1.mustWait)
    let step2 = bus.publish { _ in "b" }
    #expect(!step2.mustWait)
    let step3 = bus.publish { _ in "c" }
    #expect(!step3.mustWait)
    let claimed = bus.claim(first)
    #expect(claimed)
    let step4 = bus.publish { _ in "d" }
    #expect(step4.mustWait)  // claimed: now lossless, 4 pending
    let step5 = bus.next(first)
    #expect(BusStateMachineTests.taken(step5) == ["a", "b", "c", "d"])
    let claimedAgain = bus.claim(first)
    #expect(!claimedAgain)  // not reserved any more
  }

  @Test("an unclaimed reserved subscriber is dropped once capacity events wait for it")
  func reservedOverdue() {
    var bus = Self.machine(capacity: 3)
    let first = bus.subscribe(.reserved)
    let stage = bus.subscribe(.unthrottled { _ in true })
    _ = bus.publish { _ in "a" }
    _ = bus.publish { _ in "b" }
    let step1 = bus.next(stage)
    #expect(BusStateMachineTests.taken(step1) == ["a", "b"])
    #expect(bus.subscriberCount == 2)
    _ = bus.publish { _ in "c" }
    #expect(bus.subscriberCount == 1)  // 3 behind: dropped
    let claimed = bus.claim(first)
    #expect(!claimed)
    let step2 = bus.next(first)
    #expect(BusStateMachineTests.ended(step2))
    let step3 = bus.next(stage)
    #expect(BusStateMachineTests.taken(step3) == ["c"])
    #expect(bus.bufferedCount == 0)
  }

  @Test("cancelling a subscriber read once releases its buffer at once")
  func cancelReleasesBuffer() {
    var bus = Self.machine(capacity: 100)
    let reader = bus.subscribe(.lossless)
    let dropped = bus.subscribe(.lossless)
    _ = bus.publish { _ in "a" }
    let step1 = bus.next(dropped)
    #expect(BusStateMachineTests.taken(step1) == ["a"])
    _ = bus.publish { _ in "b" }
    let step2 = bus.next(reader)
    #expect(BusStateMachineTests.taken(step2) == ["a", "b"])
    #expect(bus.bufferedCount == 2)  // "b" waits for the dropped one ("a" is trimmed in bulk)
    let (waiter, _) = bus.cancel(dropped)
    #expect(waiter == nil)
    #expect(bus.bufferedCount == 0)
    #expect(bus.subscriberCount == 1)
  }
}
