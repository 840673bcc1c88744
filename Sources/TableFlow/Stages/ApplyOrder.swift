/// The order in which the transform stage applies what it takes from the bus: as it arrives,
/// or, when replaying a recording, in the order the recording applied it.
///
/// Pure bookkeeping, tested synchronously: the stage enqueues inputs as they arrive and asks
/// for the next one to apply; `nil` means wait for more.
struct ApplyOrder {
  /// Something the transform stage applies.
  enum Input {
    case intent(Intent)
    case answers(DecodedBatch)
  }

  private var queue: [Input] = []
  private var steps: [ReplayOrder.Step]
  private var position = 0
  /// The request numbers of the batch applied last: its later answer records are skipped.
  private var lastApplied: Range<Int> = 0..<0

  /// Applies inputs as they arrive, or in `replay`'s order when given.
  init(replay: ReplayOrder? = nil) {
    steps = replay?.steps ?? []
  }

  /// Whether nothing is waiting to be applied.
  var isEmpty: Bool { queue.isEmpty }

  /// Whether the recorded order still decides what comes next.
  var isFollowingReplay: Bool { position < steps.count }

  mutating func enqueue(_ input: Input) { queue.append(input) }

  /// The next input to apply, or `nil` to wait for another.
  ///
  /// - Parameters:
  ///   - isPending: whether a batch (by id) is still in flight; answers to other batches are
  ///     dropped by the state machine, so they go first, in any order.
  ///   - isInFlight: whether the request with this session number is in flight. A recorded
  ///     answer whose request is not in flight (the replay went another way) ends the recorded
  ///     order: what follows is applied as it arrives.
  mutating func next(isPending: (Int) -> Bool, isInFlight: (Int) -> Bool) -> Input? {
    if let stale = queue.firstIndex(where: { input in
      if case .answers(let batch) = input { return !isPending(batch.batch.id) }
      return false
    }) {
      return queue.remove(at: stale)
    }
    while position < steps.count {
      switch steps[position] {
      case .answer(let number) where lastApplied.contains(number):
        position += 1
        continue
      case .intent:
        guard let index = queue.firstIndex(where: { if case .intent = $0 { true } else { false } }) else {
          return nil
        }
        position += 1
        return queue.remove(at: index)
      case .answer(let number):
        if let index = queue.firstIndex(where: { input in
          if case .answers(let batch) = input { return batch.batch.contains(requestNumber: number) }
          return false
        }) {
          position += 1
          return take(at: index)
        }
        if isInFlight(number) { return nil }
        position = steps.count  // the replay diverged from the recording
      }
    }
    guard !queue.isEmpty else { return nil }
    return take(at: 0)
  }

  private mutating func take(at index: Int) -> Input {
    let input = queue.remove(at: index)
    if case .answers(let batch) = input {
      let first = batch.batch.firstRequestNumber
      lastApplied = first..<(first + batch.batch.screenRequests.count)
    }
    return input
  }
}
