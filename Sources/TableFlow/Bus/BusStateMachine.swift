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
///
/// Conflating subscribers keep no cursor: each event is folded into their own short queue as
/// their rule says (see ``ConflatedEvents``), so they never hold publishers or the buffer.
/// The machine also remembers the newest event of each live key (``NewestEvents``) so that a
/// new subscriber can start from it.
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
    /// Every event, in order, kept for a reader yet to come without holding publishers back;
    /// dropped once it is `capacity` events behind, so that an unclaimed one never holds memory
    /// for long. ``claim(_:)`` makes it lossless.
    case reserved
    /// The events its rule keeps, folded (see ``ConflatedEvents``); never slows publishers and
    /// keeps nothing in the shared buffer. Latest-only is `.newest(key: 0)` for every match.
    case conflating((Element) -> Conflation)
  }

  struct Subscriber {
    var cursor: UInt64
    var mode: Mode
    /// Events it takes before the shared buffer's: a conflating subscriber's folded events, or
    /// the newest events a new subscriber was seeded with.
    var queued = ConflatedEvents<Element>()
    var waiter: SubscriberWaiter?

    /// Whether the subscriber takes every event (its cursor keeps events in the buffer).
    var isLossless: Bool {
      if case .conflating = mode { return false }
      return true
    }

    var isReserved: Bool {
      if case .reserved = mode { return true }
      return false
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

  /// What the machine remembers of an event for subscribers yet to come.
  typealias Remembering = NewestEvents<Element>.Effect

  let capacity: Int
  let lowWater: Int
  private(set) var storage: ContiguousArray<Element> = []
  /// The sequence number of `storage[0]`.
  private(set) var firstSequence: UInt64 = 0
  private var subscribers: [Int: Subscriber] = [:]
  private var nextSubscriberID = 0
  private var waitingSubscribers = 0
  private var conflatingCount = 0
  private var reservedCount = 0
  private var newest: NewestEvents<Element>
  private var minimumCursor: UInt64 = 0
  /// The slowest cursor among subscribers that hold publishers back.
  private var throttleCursor: UInt64 = 0
  private var publisherWaiters: [(id: Int, waiter: PublisherWaiter)] = []
  private(set) var isFinished = false

  /// Creates a machine; `remembering` says which events to remember as the newest of a key
  /// (none by default), `kept` what is kept of each (by default all of it).
  init(
    capacity: Int, remembering: @escaping (Element) -> Remembering = { _ in .none },
    kept: @escaping (Element) -> Element = { $0 }
  ) {
    precondition(capacity >= 1, "a bus needs room for at least one event")
    self.capacity = capacity
    self.lowWater = capacity / 2
    self.newest = NewestEvents(effect: remembering, kept: kept)
  }

  /// The sequence number the next event will get.
  var nextSequence: UInt64 { firstSequence + UInt64(storage.count) }

  /// Events appended but not yet taken by the slowest lossless subscriber that holds
  /// publishers back.
  var pending: Int { Int(nextSequence - throttleCursor) }

  /// The number of live subscribers.
  var subscriberCount: Int { subscribers.count }

  /// The events held for subscribers: the shared buffer plus every subscriber's queue.
  var bufferedCount: Int { storage.count + subscribers.values.reduce(0) { $0 + $1.queued.count } }

  /// The number of subscribers waiting for an event.
  var waitingCount: Int { waitingSubscribers }

  /// The number of keys whose newest event is remembered.
  var rememberedCount: Int { newest.count }

  /// Whether `key`'s newest event was remembered once and forgotten since (see
  /// ``NewestEvents/hasForgotten(_:)``).
  func hasForgotten(_ key: Int) -> Bool { newest.hasForgotten(key) }

  // MARK: Subscribing

  /// Adds a subscriber that will see every event published from now on, after the remembered
  /// newest events that `seed` does not ignore (in publish order, folded as `seed` says).
  ///
  /// After ``finish()`` the subscriber is not seeded: it ends at once.
  mutating func subscribe(_ mode: Mode, seed: ((Element) -> Conflation)? = nil) -> Int {
    let id = nextSubscriberID
    nextSubscriberID += 1
    var subscriber = Subscriber(cursor: nextSequence, mode: mode)
    if let seed, !isFinished {
      for element in newest.current { subscriber.queued.add(element, as: seed(element)) }
    }
    if !subscriber.isLossless { conflatingCount += 1 }
    if subscriber.isReserved { reservedCount += 1 }
    subscribers[id] = subscriber
    recomputeMinimum()
    return id
  }

  /// Makes a reserved subscriber lossless; `false` when it is gone (it fell `capacity` events
  /// behind before it was claimed, or was cancelled) or was not reserved.
  mutating func claim(_ id: Int) -> Bool {
    guard var subscriber = subscribers[id], subscriber.isReserved else { return false }
    subscriber.mode = .lossless
    subscribers[id] = subscriber
    reservedCount -= 1
    recomputeMinimum()
    return true
  }

  /// Removes a subscriber: its waiter (to resume with the end) and publishers that may now go
  /// on.
  mutating func cancel(_ id: Int) -> (waiter: SubscriberWaiter?, resume: [PublisherWaiter]) {
    guard let subscriber = subscribers.removeValue(forKey: id) else { return (nil, []) }
    if !subscriber.isLossless { conflatingCount -= 1 }
    if subscriber.isReserved { reservedCount -= 1 }
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
    newest.record(element, sequence: sequence)
    var action = PublishAction(sequence: sequence)
    if conflatingCount > 0 || waitingSubscribers > 0 {
      // Mutate in place through `values`: no copy of the dictionary per event.
      var index = subscribers.values.startIndex
      while index != subscribers.values.endIndex {
        defer { subscribers.values.formIndex(after: &index) }
        switch subscribers.values[index].mode {
        case .conflating(let rule):
          subscribers.values[index].cursor = sequence + 1
          let conflation = rule(element)
          guard conflation != .ignore else { continue }
          // A subscriber waits only once its queue is empty: hand the event over directly.
          if let waiter = subscribers.values[index].waiter {
            subscribers.values[index].waiter = nil
            waitingSubscribers -= 1
            action.deliveries.append((waiter, [element]))
          } else {
            subscribers.values[index].queued.add(element, as: conflation)
          }
        case .unthrottled(let matches):
          guard let waiter = subscribers.values[index].waiter else { continue }
          subscribers.values[index].cursor = sequence + 1
          guard matches(element) else { continue }  // taken by skipping it; still waiting
          subscribers.values[index].waiter = nil
          waitingSubscribers -= 1
          action.deliveries.append((waiter, [element]))
        case .lossless, .reserved:
          guard let waiter = subscribers.values[index].waiter else { continue }
          subscribers.values[index].waiter = nil
          subscribers.values[index].cursor = sequence + 1
          waitingSubscribers -= 1
          action.deliveries.append((waiter, [element]))
        }
      }
    }
    if subscribers.count == conflatingCount {
      // Nobody keeps a cursor into the buffer: nothing to store.
      firstSequence = sequence + 1
      minimumCursor = firstSequence
      throttleCursor = firstSequence
      return action
    }
    storage.append(element)
    if !action.deliveries.isEmpty { recomputeMinimum() }
    if reservedCount > 0, storage.count >= capacity { dropOverdueReserves() }
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

  /// Takes everything a subscriber has not seen yet: its queue (for a conflating subscriber,
  /// the folded events), then the shared buffer's events past its cursor.
  mutating func next(_ id: Int) -> NextAction {
    guard var subscriber = subscribers[id] else { return .end }
    let queued = subscriber.queued.isEmpty ? [] : subscriber.queued.take()
    switch subscriber.mode {
    case .conflating:
      guard !queued.isEmpty else { return isFinished ? .end : .wait }
      subscribers[id] = subscriber
      return .deliver(queued, resume: [])
    case .lossless, .unthrottled, .reserved:
      let end = nextSequence
      guard subscriber.cursor < end else {
        guard !queued.isEmpty else { return isFinished ? .end : .wait }
        subscribers[id] = subscriber
        return .deliver(queued, resume: [])
      }
      let from = Int(subscriber.cursor - firstSequence)
      var batch = queued.isEmpty ? Array(storage[from...]) : queued + storage[from...]
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

  /// Drops reserved subscribers `capacity` events behind: nobody claimed them in time. Such a
  /// subscriber has no waiter (one waits only once it has taken everything).
  private mutating func dropOverdueReserves() {
    let overdue = subscribers.filter { _, subscriber in
      subscriber.isReserved && nextSequence - subscriber.cursor >= UInt64(capacity)
    }
    guard !overdue.isEmpty else { return }
    for id in overdue.keys { subscribers[id] = nil }
    reservedCount -= overdue.count
    recomputeMinimum()
    trim()
  }

  private mutating func takePublishersIfRoom() -> [PublisherWaiter] {
    guard !publisherWaiters.isEmpty, pending <= lowWater else { return [] }
    let waiters = publisherWaiters.map(\.waiter)
    publisherWaiters = []
    return waiters
  }
}
