/// The order in which the transform stage applies what it takes from the bus: as it arrives,
/// or, when replaying a recording, in the order the recording applied it.
///
/// Pure bookkeeping, tested synchronously: the stage enqueues inputs as they arrive and asks
/// for the next one to apply; `nil` means wait for more. Intents queue in arrival order
/// (thousands may wait when they are sent at once), answers beside them (a few batches at a
/// time), each stamped with its arrival.
///
/// A replay's steps may still be arriving as its fixture is read (see ``ReplaySteps``): two
/// cursors walk them, one for intents and one for answers. While the recording's intents are a
/// script, intents are applied as they arrive and answers in recorded order; once they are
/// interleaved, the earlier of the two cursors' steps goes next.
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
  private let steps: ReplaySteps?
  /// Where the next intent step and the next answer step are looked for.
  private var intentCursor = 0
  private var answerCursor = 0
  /// Set when the replay went another way than the recording: inputs go as they arrive.
  private var diverged = false
  /// The request numbers of the batch applied last: its later answer records are skipped.
  private var lastApplied: Range<Int> = 0..<0

  /// Applies inputs as they arrive, or in `replay`'s order when given.
  init(replay: ReplayOrder? = nil) {
    steps = replay.map(ReplaySteps.init)
  }

  /// Applies inputs in the order of `steps`, which a replay appends to as it reads.
  init(steps: ReplaySteps?) {
    self.steps = steps
  }

  /// Whether nothing is waiting to be applied.
  var isEmpty: Bool { intentHead == intents.count && answers.isEmpty }

  /// Whether the recorded order still decides what comes next.
  var isFollowingReplay: Bool {
    guard let steps, !diverged else { return false }
    var probe = self
    return !steps.isComplete || probe.nextIntentStep(steps) != nil || probe.nextAnswerStep(steps) != nil
  }

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
    guard let steps, !diverged else { return asArrived() }
    let intentStep = nextIntentStep(steps)
    let answerStep = nextAnswerStep(steps)
    defer { steps.discard(before: min(intentCursor, answerCursor)) }
    // The recorded answer next in line: ready, awaited, or a sign the replay diverged.
    var answer: (index: Int, step: Int)?
    var awaitsAnswer = false
    if let (position, number) = answerStep {
      if let index = answers.firstIndex(where: { $0.batch.batch.contains(requestNumber: number) }) {
        answer = (index, position)
      } else if isInFlight(number) {
        awaitsAnswer = true
      } else {
        diverged = true
        return asArrived()
      }
    }
    if steps.isInterleaved {
      switch (intentStep, answerStep) {
      case (nil, nil):
        return asArrived()
      case (let intentPosition?, let answerPosition) where intentPosition < answerPosition?.0 ?? .max:
        guard intentHead < intents.count else { return nil }
        intentCursor = intentPosition + 1
        return takeIntent()
      default:
        guard let answer else { return nil }
        answerCursor = answer.step + 1
        return takeAnswer(at: answer.index)
      }
    }
    // A script: intents as they come, answers in recorded order, the older first.
    let intentArrival = intentHead < intents.count ? intents[intentHead].arrival : Int.max
    if let answer, answers[answer.index].arrival < intentArrival {
      answerCursor = answer.step + 1
      return takeAnswer(at: answer.index)
    }
    if intentHead < intents.count {
      if let intentStep { intentCursor = intentStep + 1 }
      return takeIntent()
    }
    if answerStep == nil, !awaitsAnswer, !answers.isEmpty { return takeAnswer(at: 0) }
    return nil
  }

  /// The position of the next intent step, if read; the intent cursor skips the answer steps
  /// before it.
  private mutating func nextIntentStep(_ steps: ReplaySteps) -> Int? {
    let (found, end) = steps.firstIndex(from: intentCursor) { if case .intent = $0 { true } else { false } }
    intentCursor = found ?? end
    return found
  }

  /// The position and request number of the next answer step not answered already, if read;
  /// the answer cursor skips the steps before it.
  private mutating func nextAnswerStep(_ steps: ReplaySteps) -> (Int, Int)? {
    let skipped = lastApplied
    let (found, end) = steps.firstIndex(from: answerCursor) { step in
      if case .answer(let number) = step { return !skipped.contains(number) }
      return false
    }
    answerCursor = found ?? end
    guard let found, case .answer(let number)? = steps.step(at: found) else { return nil }
    return (found, number)
  }

  /// As they arrived: the older of the next intent and the first answer.
  private mutating func asArrived() -> Input? {
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
