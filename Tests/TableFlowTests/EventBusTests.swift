import TableCore
import Testing

@testable import TableFlow

@Suite("EventBus", .timeLimit(.minutes(5)))
struct EventBusTests {
  /// Event number `n` of a test run: an intent selecting row `n`.
  static func event(_ n: Int) -> PipelineEvent {
    .intentReceived(.select(RowID(String(n))), screen: ScreenRef(instance: 1, name: "test", depth: 0))
  }

  static func number(_ event: BusEvent) -> Int? {
    if case .intentReceived(.select(let row), _) = event.event.payload { return Int(row.rawValue) }
    return nil
  }

  static func collect(_ subscription: BusSubscription) async -> [BusEvent] {
    var events: [BusEvent] = []
    for await event in subscription { events.append(event) }
    return events
  }

  @Test("fan-out: every subscriber sees every event in publish order, numbered without gaps")
  func fanOut() async {
    let bus = EventBus(capacity: 16)
    let subscriptions = (0..<3).map { _ in bus.subscribe() }
    async let received = withTaskGroup(of: [BusEvent].self) { group in
      for subscription in subscriptions { group.addTask { await Self.collect(subscription) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for n in 0..<2000 { await bus.publish(Self.event(n)) }
    bus.finish()
    for events in await received {
      #expect(events.compactMap(Self.number) == Array(0..<2000))
      #expect(events.map(\.sequence) == (0..<2000).map(UInt64.init))
    }
  }

  @Test("concurrent publishers interleave into one order that every subscriber shares")
  func oneGlobalOrder() async {
    let bus = EventBus(capacity: 8)
    let first = bus.subscribe()
    let second = bus.subscribe()
    async let a = Self.collect(first)
    async let b = Self.collect(second)
    await withTaskGroup(of: Void.self) { group in
      for publisher in 0..<4 {
        group.addTask {
          for n in 0..<500 { await bus.publish(Self.event(publisher * 1000 + n)) }
        }
      }
    }
    bus.finish()
    let (left, right) = await (a, b)
    #expect(left.count == 2000)
    #expect(left.compactMap(Self.number) == right.compactMap(Self.number))
    #expect(left.map(\.sequence) == (0..<2000).map(UInt64.init))
    for publisher in 0..<4 {
      let own = left.compactMap(Self.number).filter { $0 / 1000 == publisher }
      #expect(own == (0..<500).map { publisher * 1000 + $0 })
    }
  }

  @Test("back-pressure: a slow subscriber suspends the publisher at capacity and loses nothing")
  func backPressure() async {
    let bus = EventBus(capacity: 4)
    let slow = bus.subscribe()
    let publisher = Task {
      for n in 0..<100 { await bus.publish(Self.event(n)) }
      bus.finish()
    }
    // Nobody takes anything yet: the publisher must stop at the capacity.
    while bus.publishedCount < 4 { await Task.yield() }
    for _ in 0..<200 { await Task.yield() }
    #expect(bus.publishedCount == 4)
    var numbers: [Int] = []
    while let batch = await slow.nextBatch(), let last = batch.last {
      // Never more than `capacity` events beyond what this subscriber has taken.
      #expect(bus.publishedCount <= last.sequence + 1 + 4)
      numbers += batch.compactMap(Self.number)
      for _ in 0..<3 { await Task.yield() }
    }
    await publisher.value
    #expect(numbers == Array(0..<100))
  }

  @Test("cancelling a subscriber mid-stream ends its sequence and releases the publisher")
  func cancelMidStream() async {
    let bus = EventBus(capacity: 2)
    let subscription = bus.subscribe()
    let (gotFive, signal) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var count = 0
      for await _ in subscription {
        count += 1
        if count == 5 { signal.yield() }
      }
      return count
    }
    let publisher = Task {
      for n in 0..<1000 { await bus.publish(Self.event(n)) }
    }
    for await _ in gotFive { break }
    consumer.cancel()
    let count = await consumer.value
    #expect(count >= 5)
    #expect(count < 1000)
    await publisher.value  // would hang if the cancelled subscriber still held it back
    #expect(bus.publishedCount == 1000)
  }

  @Test("a subscriber that unsubscribes while the publisher waits lets it go on")
  func unsubscribeReleases() async {
    let bus = EventBus(capacity: 1)
    let stuck = bus.subscribe()
    let publisher = Task {
      for n in 0..<10 { await bus.publish(Self.event(n)) }
    }
    while bus.publishedCount < 1 { await Task.yield() }
    stuck.cancel()
    await publisher.value
    #expect(bus.publishedCount == 10)
    #expect(bus.subscriberCount == 0)
  }

  @Test("latest-only delivery skips to the newest matching event and never blocks")
  func latestOnly() async {
    let bus = EventBus(capacity: 1)
    let latest = bus.subscribeLatest { event in
      if case .intentReceived(.select(let row), _) = event.payload { return row.rawValue.hasSuffix("0") }
      return false
    }
    for n in 0..<95 { await bus.publish(Self.event(n)) }
    let batch = await latest.nextBatch()
    #expect(batch?.compactMap(Self.number) == [90])
    bus.finish()
    #expect(await latest.nextBatch() == nil)
  }

  @Test("finishing ends waiting subscribers after they take what is buffered")
  func finishEndsSubscribers() async {
    let bus = EventBus()
    let subscription = bus.subscribe()
    async let events = Self.collect(subscription)
    await bus.publish(Self.event(1))
    bus.finish()
    await bus.publish(Self.event(2))
    #expect(await events.compactMap(Self.number) == [1])
  }

  @Test("cancelling a waiting subscriber's task ends its iteration")
  func cancelWaitingSubscriber() async {
    let bus = EventBus()
    let subscription = bus.subscribe()
    let (gotOne, signal) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var count = 0
      for await _ in subscription {
        count += 1
        signal.yield()
      }
      return count
    }
    await bus.publish(Self.event(1))
    for await _ in gotOne { break }
    consumer.cancel()  // the consumer is waiting for a second event, or about to
    #expect(await consumer.value == 1)
    #expect(bus.subscriberCount == 0)
  }

  @Test("a batch is numbered consecutively and reaches a waiting subscriber whole")
  func batchPublish() async {
    let bus = EventBus()
    let subscription = bus.subscribe()
    let first = Task { await subscription.nextBatch() }
    await bus.publish(contentsOf: (0..<5).map(Self.event))
    await bus.publish(contentsOf: [])
    var received = await first.value ?? []
    while received.count < 5, let more = await subscription.nextBatch() { received += more }
    #expect(received.compactMap(Self.number) == Array(0..<5))
    #expect(received.map(\.sequence) == [0, 1, 2, 3, 4])
    #expect(bus.publishedCount == 5)
  }
}

extension EventBusTests {
  @Test("a stage's subscription takes only what it consumes, in order, and never holds publishers")
  func unthrottledConsuming() async {
    let bus = EventBus(capacity: 4)
    let evens = bus.subscribeUnthrottled { event in
      if case .intentReceived(.select(let row), _) = event.payload {
        return (Int(row.rawValue) ?? 1) % 2 == 0
      }
      return false
    }
    // Nobody reads while 1,000 events go in: the stage's subscription holds no publisher back.
    for n in 0..<1000 { await bus.publish(Self.event(n)) }
    bus.finish()
    let events = await Self.collect(evens)
    #expect(events.compactMap(Self.number) == Array(stride(from: 0, to: 1000, by: 2)))
    #expect(events.map(\.sequence) == stride(from: 0, to: 1000, by: 2).map(UInt64.init))
  }
}
