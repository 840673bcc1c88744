/// The order in which the transform stage applies what it takes from the bus: as it arrives,
/// or, when replaying a recording, in the order the recording applied it.
///
/// Pure bookkeeping, tested synchronously: the stage enqueues inputs as they arrive and asks
/// for the next one to apply; `nil` means wait for more. Intents queue in arrival order
/// (thousands may wait when they are sent at once), answers beside them (a few batches at a
/// time), each stamped with its arrival.
///
/// - Complexity: O(1) amortised per intent; O(batches waiting) per answer.
struct ApplyOrder {
  /// Something the transform stage applies.
  enum Input {
    case intent(Intent)
    case answers(DecodedBatch)
  }

  private var intents: [(arrival: Int, intent: Intent)] = []
  private var intentHead = 0
  private var answers: [(arrival: Int, batch: DecodedBatch)] = []
  private var arrivals = 0
  private var steps: [ReplayOrder.Step]
  private var position = 0
  /// The request numbers of the batch applied last: its later answer records are skipped.
  private var lastApplied: Range<Int> = 0..<0

  /// Applies inputs as they arrive, or in `replay`'s order when given.
  init(replay: ReplayOrder? = nil) {
    steps = replay?.steps ?? []
  }

  /// Whether nothing is waiting to be applied.
  var isEmpty: Bool { intentHead == intents.count && answers.isEmpty }

  /// Whether the recorded order still decides what comes next.
  var isFollowingReplay: Bool { position < steps.count }

  mutating func enqueue(_ input: Input) {
    arrivals += 1
    switch input {
    case .intent(let intent): intents.append((arrivals, intent))
    case .answers(let batch): answers.append((arrivals, batch))
    }
  }

  /// The next input to apply, or `nil` to wait for another.
  ///
  /// - Parameters:
  ///   - isPending: whether a batch (by id) is still in flight; answers to other batches are
  ///     dropped by the state machine, so they go first, in any order.
  ///   - isInFlight: whether the request with this session number is in flight. A recorded
  ///     answer whose request is not in flight (the replay went another way) ends the recorded
  ///     order: what follows is applied as it arrives.
  mutating func next(isPending: (Int) -> Bool, isInFlight: (Int) -> Bool) -> Input? {
    if let stale = answers.firstIndex(where: { !isPending($0.batch.batch.id) }) {
      return .answers(answers.remove(at: stale).batch)  // dropped: no recorded step of its own
    }
    while position < steps.count {
      switch steps[position] {
      case .answer(let number) where lastApplied.contains(number):
        position += 1
        continue
      case .intent:
        guard intentHead < intents.count else { return nil }
        position += 1
        return takeIntent()
      case .answer(let number):
        if let index = answers.firstIndex(where: { $0.batch.batch.contains(requestNumber: number) }) {
          position += 1
          return takeAnswer(at: index)
        }
        if isInFlight(number) { return nil }
        position = steps.count  // the replay diverged from the recording
      }
    }
    // As they arrived: the older of the next intent and the first answer.
    let intentArrival = intentHead < intents.count ? intents[intentHead].arrival : Int.max
    if let answer = answers.first, answer.arrival < intentArrival { return takeAnswer(at: 0) }
    return intentHead < intents.count ? takeIntent() : nil
  }

  private mutating func takeIntent() -> Input {
    let intent = intents[intentHead].intent
    intentHead += 1
    if intentHead == intents.count {
      intents.removeAll(keepingCapacity: true)
      intentHead = 0
    } else if intentHead >= 1024, intentHead * 2 >= intents.count {
      intents.removeFirst(intentHead)
      intentHead = 0
    }
    return .intent(intent)
  }

  private mutating func takeAnswer(at index: Int) -> Input {
    let batch = answers.remove(at: index).batch
    let first = batch.batch.firstRequestNumber
    lastApplied = first..<(first + batch.batch.screenRequests.count)
    return .answers(batch)
  }
}
