import FixtureKit

/// Reads a replayed fixture one record at a time, only as far as the replay needs it: the
/// records up to an answer a request waits for, or up to the next intent the session asks for.
///
/// Each record is handled as it is read: a request or answer goes to the matcher (an answer's
/// body to the body store, out of the matcher, until it is served), an intent to the script (or,
/// once the recording shows intents recorded after requests, straight to the pipeline through
/// `post`), and both to ``steps``, the applied order the transform stage follows. Damage ends
/// the reading; what was read before it still answers.
///
/// Not thread-safe: `ReplayTransport` owns one and uses it from its actor only.
final class FixtureCursor {
  /// What the session's driver gets when it asks for its next scripted intent.
  enum ScriptStep: Equatable {
    /// The next intent, to send once the previous one has settled.
    case intent(Intent)
    /// The recording's intents are interleaved with its requests: every further intent is posted
    /// as it is read, and the recorded order decides when it is applied.
    case interleaved
    /// No intent is left (the end of the fixture, or its damage).
    case end
  }

  let path: String
  /// The applied order, as far as it was read.
  let steps = ReplaySteps()
  private let reader: FixtureReader?
  private let answersFromFixture: Bool
  private(set) var matcher = RequestMatcher()
  private let bodies = BodyStore(memoryBudget: 32 << 20)
  /// Where the body of the answer to each request (by the request's `seq`) waits to be served.
  private var bodyLocations: [Int: BodyStore.Location] = [:]
  private var recordedRedactor: Redactor
  private var consistency = RecordSummary.Consistency()
  /// The number of records read so far.
  private(set) var recordCount = 0
  /// Damage found so far: the reader's, or an intent that cannot be replayed.
  private(set) var damage: FixtureError? {
    didSet { found.withLock { $0 = damage } }
  }
  /// ``damage``, readable from any thread.
  let found = Locked<FixtureError?>(nil)
  /// The first intent that could not be replayed, if it is what ended the reading.
  private(set) var intentError: RecordedIntentError?
  private var intentCount = 0
  private var sawRequest = false
  private var isAtEnd: Bool
  private var scripted: [Intent] = []
  private var scriptedHead = 0
  /// Intents to post as soon as a poster is attached.
  private var postable: [Intent] = []
  /// Posts an intent to the pipeline (attached by the session's driver).
  var post: (@Sendable (Intent) -> Void)? {
    didSet {
      guard let post else { return }
      for intent in postable { post(intent) }
      postable = []
    }
  }

  /// Reads from `reader` (none: an empty session). With `answersFromFixture` off (record
  /// mode `all`), requests and answers are skipped: only the intents matter.
  init(path: String, reader: FixtureReader?, answersFromFixture: Bool, redaction: Redaction) {
    self.path = path
    self.reader = reader
    self.answersFromFixture = answersFromFixture
    recordedRedactor = Redactor(redaction)
    isAtEnd = reader == nil
    if isAtEnd { steps.finish() }
  }

  /// Whether every record has been read (or the damage reached).
  var isFinished: Bool { isAtEnd }

  /// Reads the records before the first request, at most `limit` intents of them: the start of
  /// the script, so that a fixture whose first intents cannot be replayed fails before anything
  /// runs.
  func readLeadingIntents(limit: Int) {
    while !sawRequest, intentCount < limit, readRecord() {}
  }

  /// Reads one record; `false` when none is left.
  @discardableResult
  func readRecord() -> Bool {
    guard !isAtEnd, let reader else { return false }
    let next: FixtureRecord?
    do {
      next = try reader.next()
    } catch {
      damage = error
      finish()
      return false
    }
    guard var record = next else {
      finish()
      return false
    }
    // A record that answers a request recorded after it (or no request) is damage, found as
    // `inspect` finds it, so a replay names that cause before the errors it leads to.
    if let problem = consistency.check(record) {
      damage = FixtureError(.malformed, problem, file: path, record: recordCount + 1)
      finish()
      return false
    }
    recordCount += 1
    switch record.entry {
    case .intent(let line):
      return readIntent(line, record: recordCount)
    case .request(let request):
      sawRequest = true
      guard answersFromFixture else { return true }
      // Recorded requests are redacted with the current rules too, so a fixture recorded
      // before a rule existed (a cleartext password) still matches a redacted request.
      record.entry = .request(recordedRedactor.redact(request))
    case .response(var response):
      guard answersFromFixture else { return true }
      // As the matcher pairs them: the first answer to a request recorded before it.
      if let number = matcher.requestNumber(seq: response.request), !matcher.isAnswered(number) {
        do {
          bodyLocations[response.request] = try bodies.store(response.body)
        } catch {
          damage = error
          finish()
          return false
        }
      }
      response.body = []
      record.entry = .response(response)
    case .error:
      guard answersFromFixture else { return true }
    }
    appendStep(for: record)
    matcher.add(record)
    return true
  }

  private func appendStep(for record: FixtureRecord) {
    switch record.entry {
    case .response(let response):
      if let number = matcher.requestNumber(seq: response.request) {
        steps.append(.answer(requestNumber: number))
      }
    case .error(let failure):
      if let seq = failure.request, let number = matcher.requestNumber(seq: seq) {
        steps.append(.answer(requestNumber: number))
      }
    case .request, .intent:
      break
    }
  }

  private func readIntent(_ line: String, record: Int) -> Bool {
    intentCount += 1
    let intent: Intent
    do {
      intent = try Self.parse(line, path: path, number: intentCount)
    } catch {
      intentError = error
      damage = FixtureError(.malformed, error.summary, file: path, record: record)
      finish()
      return false
    }
    steps.append(.intent)
    if sawRequest, !steps.isInterleaved {
      steps.markInterleaved()
      // The script's unsent intents go now too: from here on the recorded order applies them.
      let waiting = scripted[scriptedHead...]
      scripted = []
      scriptedHead = 0
      for intent in waiting { send(intent) }
    }
    if steps.isInterleaved {
      send(intent)
    } else {
      scripted.append(intent)
    }
    return true
  }

  private func send(_ intent: Intent) {
    if let post { post(intent) } else { postable.append(intent) }
  }

  /// The next intent of the script, reading as far as needed.
  func nextScriptedIntent() -> ScriptStep {
    while true {
      if scriptedHead < scripted.count {
        let intent = scripted[scriptedHead]
        scriptedHead += 1
        if scriptedHead == scripted.count {
          scripted.removeAll(keepingCapacity: true)
          scriptedHead = 0
        }
        return .intent(intent)
      }
      if steps.isInterleaved { return .interleaved }
      guard readRecord() else { return .end }
    }
  }

  /// Reads up to and including the next intent (posted as it is read); `false` at the end.
  func readNextIntent() -> Bool {
    let before = intentCount
    while intentCount == before {
      guard readRecord() else { return false }
    }
    return damage == nil || intentCount > before
  }

  /// Reads every remaining record.
  func readToEnd() {
    while readRecord() {}
  }

  /// The recorded outcome for `request`, reading on until it is known: the exchange it matches
  /// with its answer, or that nothing in the whole fixture answers it.
  func answer(to request: RecordedRequest, number: Int?) -> RequestMatcher.Outcome {
    // The recorded request of the same number answers first: read at least that far.
    if let number {
      while matcher.exchangeCount <= number, readRecord() {}
    }
    while true {
      if let index = matcher.exchange(answering: request, number: number) {
        while !matcher.isAnswered(index), readRecord() {}
        return matcher.use(index)
      }
      guard readRecord() else { return matcher.unmatched(request) }
    }
  }

  /// The body of the answer to the request recorded as `seq`, which then leaves the store.
  func takeBody(answering seq: Int) throws(FixtureError) -> [UInt8] {
    guard let location = bodyLocations.removeValue(forKey: seq) else { return [] }
    let body = try bodies.load(location)
    bodies.release(location)
    return body
  }

  private func finish() {
    isAtEnd = true
    steps.finish()
  }

  /// A recorded intent line as an intent.
  static func parse(_ line: String, path: String, number: Int) throws(RecordedIntentError) -> Intent {
    if line.contains(where: \.isNewline) {
      throw RecordedIntentError(path: path, number: number, lineBreak: ())
    }
    do throws(IntentSyntaxError) {
      guard let intent = try Intent.parse(line: line) else { throw IntentSyntaxError("empty intent") }
      return intent
    } catch {
      throw RecordedIntentError(path: path, number: number, syntax: error)
    }
  }
}
