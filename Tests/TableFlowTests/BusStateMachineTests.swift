import TestSupport
import Testing

@testable import TableFlow

/// The bus's bookkeeping driven synchronously, one event per line, like a marble diagram:
/// `publish` is a tick on the publisher's line, `next` a subscriber taking what it has.
@Suite("BusStateMachine")
struct BusStateMachineTests {
  typealias Machine = BusStateMachine<String, String, String>

  static func taken(_ action: Machine.NextAction) -> [String]? {
    if case .deliver(let batch, _) = action { return batch }
    return nil
  }

  static func resumed(_ action: Machine.NextAction) -> [String] {
    if case .deliver(_, let publishers) = action { return publishers }
    return []
  }

  static func ended(_ action: Machine.NextAction) -> Bool {
    if case .end = action { return true }
    return false
  }

  static func waits(_ action: Machine.NextAction) -> Bool {
    if case .wait = action { return true }
    return false
  }

  @Test("every subscriber takes every event, in order, numbered from 0")
  func fanOutInOrder() {
    var bus = Machine(capacity: 8)
    let s1 = bus.subscribe(.lossless)
    let s2 = bus.subscribe(.lossless)
    let step1 = bus.publish { "a\($0)" }
    #expect(step1.sequence == 0)
    let step2 = bus.publish { "b\($0)" }
    #expect(step2.sequence == 1)
    let step3 = bus.next(s1)
    #expect(Self.taken(step3) == ["a0", "b1"])
    let step4 = bus.publish { "c\($0)" }
    #expect(step4.sequence == 2)
    let step5 = bus.next(s1)
    #expect(Self.taken(step5) == ["c2"])
    let step6 = bus.next(s2)
    #expect(Self.taken(step6) == ["a0", "b1", "c2"])
    let step7 = bus.next(s2)
    #expect(Self.waits(step7))
  }

  @Test("a late subscriber starts with the next event")
  func lateSubscriber() {
    var bus = Machine(capacity: 8)
    let early = bus.subscribe(.lossless)
    _ = bus.publish { _ in "a" }
    let late = bus.subscribe(.lossless)
    _ = bus.publish { _ in "b" }
    let step8 = bus.next(early)
    #expect(Self.taken(step8) == ["a", "b"])
    let step9 = bus.next(late)
    #expect(Self.taken(step9) == ["b"])
  }

  @Test("the publisher waits at capacity and resumes at half, losing nothing")
  func backPressure() {
    var bus = Machine(capacity: 4)
    let slow = bus.subscribe(.lossless)
    let step10 = bus.publish { _ in "a" }
    #expect(!step10.mustWait)
    let step11 = bus.publish { _ in "b" }
    #expect(!step11.mustWait)
    let step12 = bus.publish { _ in "c" }
    #expect(!step12.mustWait)
    let step13 = bus.publish { _ in "d" }
    #expect(step13.mustWait)  // 4 pending: the event is in, the publisher waits
    let step14 = bus.waitForRoom(1, "publisher")
    #expect(!step14)
    let first = bus.next(slow)
    #expect(Self.taken(first) == ["a", "b", "c", "d"])
    #expect(Self.resumed(first) == ["publisher"])
    #expect(bus.pending == 0)
  }

  @Test("a fast subscriber does not hold the publisher; the slowest one does")
  func slowestSubscriberGoverns() {
    var bus = Machine(capacity: 2)
    let fast = bus.subscribe(.lossless)
    let slow = bus.subscribe(.lossless)
    _ = bus.publish { _ in "a" }
    let step15 = bus.next(fast)
    #expect(Self.taken(step15) == ["a"])
    let step16 = bus.publish { _ in "b" }
    #expect(step16.mustWait)
    let step17 = bus.waitForRoom(1, "p")
    #expect(!step17)
    let step18 = bus.next(fast)
    #expect(Self.taken(step18) == ["b"])
    let step19 = bus.next(slow)
    #expect(Self.resumed(step19) == ["p"])
  }

  @Test("cancelling the slow subscriber releases the waiting publisher")
  func cancelReleasesPublisher() {
    var bus = Machine(capacity: 1)
    let slow = bus.subscribe(.lossless)
    let step20 = bus.publish { _ in "a" }
    #expect(step20.mustWait)
    let step21 = bus.waitForRoom(7, "p")
    #expect(!step21)
    let (waiter, publishers) = bus.cancel(slow)
    #expect(waiter == nil)
    #expect(publishers == ["p"])
    let step22 = bus.next(slow)
    #expect(Self.ended(step22))
    #expect(bus.storage.isEmpty)
  }

  @Test("a waiting subscriber is handed the next event directly")
  func waitingSubscriberGetsEvent() {
    var bus = Machine(capacity: 4)
    let sub = bus.subscribe(.lossless)
    let step23 = bus.wait(sub, "s")
    #expect(step23 == nil)
    let action = bus.publish { _ in "a" }
    #expect(action.deliveries.map(\.0) == ["s"])
    #expect(action.deliveries.map(\.1) == [["a"]])
    let step24 = bus.next(sub)
    #expect(Self.waits(step24))
  }

  @Test("latest-only sees only the newest match and never slows the publisher")
  func latestOnly() {
    var bus = Machine(capacity: 1)
    let latest = bus.subscribe(.conflating { $0.hasPrefix("snapshot") ? .newest(key: 0) : .ignore })
    let step25 = bus.publish { _ in "snapshot 1" }
    #expect(!step25.mustWait)
    let step26 = bus.publish { _ in "snapshot 2" }
    #expect(!step26.mustWait)
    let step27 = bus.publish { _ in "intent" }
    #expect(!step27.mustWait)
    let step28 = bus.next(latest)
    #expect(Self.taken(step28) == ["snapshot 2"])
    let step29 = bus.next(latest)
    #expect(Self.waits(step29))
    #expect(bus.storage.isEmpty)
  }

  @Test("finishing hands out what is buffered, then ends every subscriber")
  func finish() {
    var bus = Machine(capacity: 4)
    let buffered = bus.subscribe(.lossless)
    let waiting = bus.subscribe(.lossless)
    _ = bus.publish { _ in "a" }
    let step30 = bus.next(waiting)
    #expect(Self.taken(step30) == ["a"])
    let step31 = bus.wait(waiting, "w")
    #expect(step31 == nil)
    let (subscribers, _) = bus.finish()
    #expect(subscribers == ["w"])
    let step32 = bus.next(buffered)
    #expect(Self.taken(step32) == ["a"])
    let step33 = bus.next(buffered)
    #expect(Self.ended(step33))
    let step34 = bus.publish { _ in "late" }
    #expect(step34.deliveries.isEmpty)
    let step35 = bus.next(waiting)
    #expect(Self.ended(step35))
  }

  @Test("taken events are trimmed, so memory stays bounded over a long run")
  func trimming() {
    var bus = Machine(capacity: 64)
    let sub = bus.subscribe(.lossless)
    for round in 0..<1000 {
      for index in 0..<10 { _ = bus.publish { _ in "\(round).\(index)" } }
      let step36 = bus.next(sub)
      #expect(Self.taken(step36)?.count == 10)
    }
    #expect(bus.storage.count < 128)
    #expect(bus.nextSequence == 10_000)
  }

  @Test("seeded random interleavings lose nothing and keep one order", arguments: 0..<20)
  func randomInterleavings(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var bus = Machine(capacity: 1 + Int(random.next() % 8))
    var subscribers: [(id: Int, from: UInt64, got: [String])] = []
    var published: [String] = []
    for step in 0..<400 {
      switch random.next() % 10 {
      case 0 where subscribers.count < 4:
        subscribers.append((bus.subscribe(.lossless), bus.nextSequence, []))
      case 1, 2, 3, 4:
        let event = "e\(step)"
        published.append(event)
        _ = bus.publish { _ in event }
      default:
        guard !subscribers.isEmpty else { continue }
        let index = Int(random.next() % UInt64(subscribers.count))
        if let batch = Self.taken(bus.next(subscribers[index].id)) { subscribers[index].got += batch }
      }
    }
    for index in subscribers.indices {
      if let batch = Self.taken(bus.next(subscribers[index].id)) { subscribers[index].got += batch }
      #expect(subscribers[index].got == Array(published.dropFirst(Int(subscribers[index].from))))
    }
  }
}
