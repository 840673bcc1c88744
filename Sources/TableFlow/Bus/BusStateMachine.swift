/// The event bus's bookkeeping as a pure state machine: one shared, ordered buffer, a cursor
/// per subscriber, and who is waiting. Every method runs under the bus's lock and returns the
/// continuations to resume, which the bus resumes after unlocking.
///
/// Generic over the waiters so tests can drive it synchronously with plain tokens.
///
/// Back-pressure: an event is appended at once (it gets its sequence number in call order and
/// can never be lost), then its publisher waits while `pending >= capacity`, where `pending`
/// counts events the slowest lossless subscriber has not taken yet; waiting publishers resume
/// when `pending` falls to the low-water mark (half the capacity). The buffer therefore holds
/// at most `capacity` plus one event per concurrent publisher.
struct BusStateMachine<Element, SubscriberWaiter, PublisherWaiter> {
  /// How a subscriber receives events.
  enum Mode {
    /// Every event, in order; the subscriber's pace limits the publishers.
    case lossless
    /// Every event matching the predicate, in order, without ever holding publishers back: for
    /// the pipeline's own stages, which publish too (a stage waiting for room could otherwise
    /// wait for itself) and are woken only for what they consume. Its backlog is bounded by
    /// the lossless subscribers' pace, which holds the publishers.
    case unthrottled((Element) -> Bool)
    /// Only the newest event matching the predicate; never slows publishers.
    case latestOnly((Element) -> Bool)
  }

  struct Subscriber {
    var cursor: UInt64
    var mode: Mode
    var latest: Element?
    var waiter: SubscriberWaiter?

    /// Whether the subscriber takes every event (its cursor keeps events in the buffer).
    var isLossless: Bool {
      if case .latestOnly = mode { return false }
      return true
    }

    /// Whether its pace holds publishers back.
    var holdsPublishers: Bool {
      if case .lossless = mode { return true }
      return false
    }
  }

  /// What a publisher must do after appending.
  struct PublishAction {
    /// The sequence number the event got.
    var sequence: UInt64
    /// Waiting subscribers to resume, each with its batch.
    var deliveries: [(SubscriberWaiter, [Element])] = []
    /// Whether the publisher must wait for room.
    var mustWait = false
  }

  /// What a subscriber asking for events gets.
  enum NextAction {
    /// A non-empty batch in order, and publishers to resume now that there is room.
    case deliver([Element], resume: [PublisherWaiter])
    /// Nothing yet: wait.
    case wait
    /// The subscription ended (cancelled, or the bus finished and everything was taken).
    case end
  }

  let capacity: Int
  let lowWater: Int
  private(set) var storage: ContiguousArray<Element> = []
  /// The sequence number of `storage[0]`.
  private(set) var firstSequence: UInt64 = 0
  private var subscribers: [Int: Subscriber] = [:]
  private var nextSubscriberID = 0
  private var waitingSubscribers = 0
  private var latestOnlyCount = 0
  private var minimumCursor: UInt64 = 0
  /// The slowest cursor among subscribers that hold publishers back.
  private var throttleCursor: UInt64 = 0
  private var publisherWaiters: [(id: Int, waiter: PublisherWaiter)] = []
  private(set) var isFinished = false

  init(capacity: Int) {
    precondition(capacity >= 1, "a bus needs room for at least one event")
    self.capacity = capacity
    self.lowWater = capacity / 2
  }

  /// The sequence number the next event will get.
  var nextSequence: UInt64 { firstSequence + UInt64(storage.count) }

  /// Events appended but not yet taken by the slowest lossless subscriber that holds
  /// publishers back.
  var pending: Int { Int(nextSequence - throttleCursor) }

  /// The number of live subscribers.
  var subscriberCount: Int { subscribers.count }

  // MARK: Subscribing

  /// Adds a subscriber that will see every event published from now on.
  mutating func subscribe(_ mode: Mode) -> Int {
    let id = nextSubscriberID
    nextSubscriberID += 1
    let subscriber = Subscriber(cursor: nextSequence, mode: mode)
    if !subscriber.isLossless { latestOnlyCount += 1 }
    subscribers[id] = subscriber
    recomputeMinimum()
    return id
  }

  /// Removes a subscriber: its waiter (to resume with the end) and publishers that may now go
  /// on.
  mutating func cancel(_ id: Int) -> (waiter: SubscriberWaiter?, resume: [PublisherWaiter]) {
    guard let subscriber = subscribers.removeValue(forKey: id) else { return (nil, []) }
    if !subscriber.isLossless { latestOnlyCount -= 1 }
    if subscriber.waiter != nil { waitingSubscribers -= 1 }
    recomputeMinimum()
    trim()
    return (subscriber.waiter, takePublishersIfRoom())
  }

  // MARK: Publishing

  /// Appends an event made from its sequence number.
  mutating func publish(_ make: (UInt64) -> Element) -> PublishAction {
    let sequence = nextSequence
    guard !isFinished else { return PublishAction(sequence: sequence) }
    let element = make(sequence)
    var action = PublishAction(sequence: sequence)
    if latestOnlyCount > 0 || waitingSubscribers > 0 {
      // Mutate in place through `values`: no copy of the dictionary per event.
      var index = subscribers.values.startIndex
      while index != subscribers.values.endIndex {
        defer { subscribers.values.formIndex(after: &index) }
        switch subscribers.values[index].mode {
        case .latestOnly(let matches):
          subscribers.values[index].cursor = sequence + 1
          guard matches(element) else { continue }
          if let waiter = subscribers.values[index].waiter {
            subscribers.values[index].waiter = nil
            waitingSubscribers -= 1
            action.deliveries.append((waiter, [element]))
          } else {
            subscribers.values[index].latest = element
          }
        case .unthrottled(let matches):
          guard let waiter = subscribers.values[index].waiter else { continue }
          subscribers.values[index].cursor = sequence + 1
          guard matches(element) else { continue }  // taken by skipping it; still waiting
          subscribers.values[index].waiter = nil
          waitingSubscribers -= 1
          action.deliveries.append((waiter, [element]))
        case .lossless:
          guard let waiter = subscribers.values[index].waiter else { continue }
          subscribers.values[index].waiter = nil
          subscribers.values[index].cursor = sequence + 1
          waitingSubscribers -= 1
          action.deliveries.append((waiter, [element]))
        }
      }
    }
    if subscribers.count == latestOnlyCount {
      // Nobody keeps a cursor into the buffer: nothing to store.
      firstSequence = sequence + 1
      minimumCursor = firstSequence
      throttleCursor = firstSequence
      return action
    }
    storage.append(element)
    if !action.deliveries.isEmpty { recomputeMinimum() }
    if pending >= capacity {
      recomputeMinimum()
      trim()
      action.mustWait = pending >= capacity
    }
    return action
  }

  /// Parks a publisher that must wait; returns `true` when it may go on at once instead.
  mutating func waitForRoom(_ id: Int, _ waiter: PublisherWaiter) -> Bool {
    if isFinished || pending <= lowWater { return true }
    publisherWaiters.append((id, waiter))
    return false
  }

  /// Removes a waiting publisher (its task was cancelled); returns its waiter to resume.
  mutating func cancelPublisher(_ id: Int) -> PublisherWaiter? {
    guard let index = publisherWaiters.firstIndex(where: { $0.id == id }) else { return nil }
    return publisherWaiters.remove(at: index).waiter
  }

  // MARK: Receiving

  /// Takes everything a subscriber has not seen yet (for latest-only: the newest match).
  mutating func next(_ id: Int) -> NextAction {
    guard var subscriber = subscribers[id] else { return .end }
    switch subscriber.mode {
    case .latestOnly:
      if let latest = subscriber.latest {
        subscriber.latest = nil
        subscribers[id] = subscriber
        return .deliver([latest], resume: [])
      }
      return isFinished ? .end : .wait
    case .lossless, .unthrottled:
      let end = nextSequence
      guard subscriber.cursor < end else { return isFinished ? .end : .wait }
      let from = Int(subscriber.cursor - firstSequence)
      var batch = Array(storage[from...])
      if case .unthrottled(let matches) = subscriber.mode { batch.removeAll { !matches($0) } }
      let wasSlowest = subscriber.cursor == minimumCursor || subscriber.cursor == throttleCursor
      subscriber.cursor = end
      subscribers[id] = subscriber
      if wasSlowest {
        recomputeMinimum()
        trim()
      }
      if batch.isEmpty { return isFinished ? .end : .wait }  // nothing it consumes
      return .deliver(batch, resume: takePublishersIfRoom())
    }
  }

  /// Parks a subscriber that found nothing; returns what to resume it with at once instead,
  /// or `nil` when it was parked.
  mutating func wait(_ id: Int, _ waiter: SubscriberWaiter) -> NextAction? {
    switch next(id) {
    case .wait:
      guard var subscriber = subscribers[id] else { return .end }
      subscriber.waiter = waiter
      subscribers[id] = subscriber
      waitingSubscribers += 1
      return nil
    case let other:
      return other
    }
  }

  // MARK: Finishing

  /// Ends the bus: later publishes are ignored; subscribers take what is left, then end.
  mutating func finish() -> (subscribers: [SubscriberWaiter], publishers: [PublisherWaiter]) {
    isFinished = true
    var waiters: [SubscriberWaiter] = []
    var index = subscribers.values.startIndex
    while index != subscribers.values.endIndex {
      if let waiter = subscribers.values[index].waiter {
        subscribers.values[index].waiter = nil
        waiters.append(waiter)
      }
      subscribers.values.formIndex(after: &index)
    }
    waitingSubscribers = 0
    let publishers = publisherWaiters.map(\.waiter)
    publisherWaiters = []
    return (waiters, publishers)
  }

  // MARK: Internals

  private mutating func recomputeMinimum() {
    var minimum = nextSequence
    var throttle = nextSequence
    for subscriber in subscribers.values where subscriber.isLossless {
      minimum = Swift.min(minimum, subscriber.cursor)
      if subscriber.holdsPublishers { throttle = Swift.min(throttle, subscriber.cursor) }
    }
    minimumCursor = minimum
    throttleCursor = throttle
  }

  /// Drops events every lossless subscriber has taken, in amortised O(1) per event.
  private mutating func trim() {
    let taken = Int(minimumCursor - firstSequence)
    guard taken > 0, taken >= 64 || taken == storage.count, taken * 2 >= storage.count else { return }
    if taken == storage.count {
      storage.removeAll(keepingCapacity: true)
    } else {
      storage.removeSubrange(0..<taken)
    }
    firstSequence = minimumCursor
  }

  private mutating func takePublishersIfRoom() -> [PublisherWaiter] {
    guard !publisherWaiters.isEmpty, pending <= lowWater else { return [] }
    let waiters = publisherWaiters.map(\.waiter)
    publisherWaiters = []
    return waiters
  }
}
