/// Finds the recorded answer to a request: method + normalised URL (query order ignored) +
/// body, identical requests answered in recorded order.
///
/// A recorded `REDACTED` query value matches any value. When nothing matches, the outcome
/// names the nearest recorded requests and what differed.
public struct RequestMatcher: Sendable {
  /// What the matcher found for a request.
  public enum Outcome: Hashable, Sendable {
    /// The recorded response.
    case response(RecordedResponse)
    /// The recorded failure (the live request failed the same way).
    case failure(RecordedFailure)
    /// No recorded answer; the message names the nearest candidates and the differences.
    case unmatched(String)
  }

  /// A recorded request, its normalised form and its answer.
  struct Exchange: Sendable {
    var request: RecordedRequest
    var key: Key
    var answer: Answer?
    var used = false
  }

  enum Answer: Sendable {
    case response(RecordedResponse)
    case failure(RecordedFailure)
    /// The answer was used: it left with the request it answered (only that there was one
    /// is kept, so a long session does not keep every answer it served).
    case served
  }

  /// The normalised identity of a request.
  struct Key: Hashable, Sendable {
    var method: String
    var path: String
    var query: [FixtureField]
    var body: [UInt8]

    init(_ request: RecordedRequest) {
      method = request.method.uppercased()
      let parsed = QueryString(request.url)
      path = parsed.path
      query = parsed.sortedItems
      body = request.body ?? []
    }
  }

  private(set) var exchanges: [Exchange] = []
  private var queues: [Key: [Int]] = [:]
  /// Per key, the position in its queue before which every exchange is used: identical
  /// requests (a thousand refreshes) find theirs in O(1), not by passing every used one.
  private var heads: [Key: Int] = [:]
  /// The index before which every exchange is used, for the slow path.
  private var firstUnused = 0

  private var bySeq: [Int: Int] = [:]

  /// Pairs every request record with the response or error record that names it.
  public init(records: [FixtureRecord]) {
    for record in records { add(record) }
  }

  /// An empty matcher, for records added as they are read (see ``add(_:)``).
  public init() {}

  /// Adds the next record of the fixture: a request becomes a recorded exchange, a response
  /// or error record answers the request it names (the first answer wins).
  ///
  /// - Complexity: O(1) amortised.
  public mutating func add(_ record: FixtureRecord) {
    switch record.entry {
    case .request(var request):
      bySeq[record.seq] = exchanges.count
      var key = Key(request)
      if let first = queues[key]?.first {
        // Identical requests share one copy of their key and URL.
        key = exchanges[first].key
        if exchanges[first].request.url == request.url { request.url = exchanges[first].request.url }
      }
      queues[key, default: []].append(exchanges.count)
      exchanges.append(Exchange(request: request, key: key, answer: nil))
    case .response(let response):
      if let index = bySeq[response.request], exchanges[index].answer == nil {
        exchanges[index].answer = .response(response)
      }
    case .error(let failure):
      if let seq = failure.request, let index = bySeq[seq], exchanges[index].answer == nil {
        exchanges[index].answer = .failure(failure)
      }
    case .intent:
      break
    }
  }

  /// The number of recorded requests added so far.
  public var exchangeCount: Int { exchanges.count }

  /// The recorded exchange that would answer `request` (the one of the same number when given,
  /// unused and matching; else the first unused match), without using it; `nil` when none of
  /// the exchanges added so far matches.
  public func exchange(answering request: RecordedRequest, number: Int? = nil) -> Int? {
    let key = Key(request)
    if let number, exchanges.indices.contains(number), !exchanges[number].used,
      Self.matches(exchanges[number].key, key)
    {
      return number
    }
    if let queue = queues[key] {
      let head = heads[key] ?? 0
      if let exact = queue[head...].first(where: { !exchanges[$0].used }) { return exact }
    }
    // Slow path: recorded REDACTED values match anything.
    return exchanges.indices[firstUnused...].first {
      !exchanges[$0].used && Self.matches(exchanges[$0].key, key)
    }
  }

  /// The number (from 0, in recorded order) of the request recorded as `seq`, if added.
  public func requestNumber(seq: Int) -> Int? { bySeq[seq] }

  /// Whether the exchange at `index` has its answer (a response or error record).
  public func isAnswered(_ index: Int) -> Bool { exchanges[index].answer != nil }

  /// Uses the exchange at `index` (see ``exchange(answering:number:)``): its recorded answer,
  /// or `.unmatched` when the recording holds no answer to it.
  ///
  /// A used exchange keeps only what messages name: its method, URL and key (shared with its
  /// identical ones); its headers, body and answer are let go.
  public mutating func use(_ index: Int) -> Outcome {
    let answer = exchanges[index].answer
    exchanges[index].used = true
    if answer != nil { exchanges[index].answer = .served }
    exchanges[index].request.headers = []
    exchanges[index].request.body = nil
    advance(past: index)
    switch answer {
    case .response(let response)?: return .response(response)
    case .failure(let failure)?: return .failure(failure)
    case .served?:
      return .unmatched("\(describe(exchanges[index].request)) was already answered")
    case nil:
      return .unmatched(
        "\(describe(exchanges[index].request)) was recorded but its answer was not "
          + "(cancelled, or the recording ended first)")
    }
  }

  /// Why no recorded exchange answers `request`: every identical one was used, or the nearest
  /// candidates and what differed.
  public func unmatched(_ request: RecordedRequest) -> Outcome {
    let key = Key(request)
    if let candidates = queues[key], !candidates.isEmpty {
      return .unmatched(
        "all \(candidates.count) recorded answers to \(describe(request)) were already used "
          + "(identical requests are answered in recorded order)")
    }
    return .unmatched(unmatchedMessage(for: request, key: key))
  }

  /// The number of recorded requests not yet answered by `answer(to:)`.
  public var unusedCount: Int { exchanges.lazy.filter { !$0.used }.count }

  /// The recorded requests added so far that no request has been answered with (by
  /// ``answer(to:)``, ``answer(to:number:)`` or ``use(_:)``), in recorded order: what a session
  /// recorded and its replay never sent.
  public var unusedRequests: [RecordedRequest] { exchanges.filter { !$0.used }.map(\.request) }

  /// Answers `request` with the recorded request of the same number (its place among the
  /// fixture's request records, from 0) when that one is unused and matches; otherwise as
  /// ``answer(to:)``. A replay that starts its requests in recorded order gets each one's own
  /// answer, even among identical requests some of which were cancelled unanswered.
  public mutating func answer(to request: RecordedRequest, number: Int) -> Outcome {
    guard let index = exchange(answering: request, number: number) else { return unmatched(request) }
    return use(index)
  }

  /// Answers `request` with the next unused matching recorded exchange.
  ///
  /// - Complexity: O(1) for an exact match; O(n) over recorded requests otherwise.
  public mutating func answer(to request: RecordedRequest) -> Outcome {
    guard let index = exchange(answering: request) else { return unmatched(request) }
    return use(index)
  }

  /// Moves the heads past the used exchange at `index`.
  private mutating func advance(past index: Int) {
    let key = exchanges[index].key
    if let queue = queues[key] {
      var head = heads[key] ?? 0
      while head < queue.count && exchanges[queue[head]].used { head += 1 }
      heads[key] = head
    }
    while firstUnused < exchanges.count && exchanges[firstUnused].used { firstUnused += 1 }
  }

  static func matches(_ recorded: Key, _ incoming: Key) -> Bool {
    guard recorded.method == incoming.method, recorded.path == incoming.path,
      recorded.body == incoming.body, recorded.query.count == incoming.query.count
    else { return false }
    var remaining = incoming.query
    for item in recorded.query {
      let position =
        item.value == Redaction.replacement
        ? remaining.firstIndex { $0.name == item.name }
        : remaining.firstIndex(of: item)
      guard let position else { return false }
      remaining.remove(at: position)
    }
    return true
  }

  private func describe(_ request: RecordedRequest) -> String {
    "\(request.method.uppercased()) \(request.url)"
  }
}
