extension RequestMatcher {
  /// How many nearest candidates an unmatched message names.
  static let candidatesNamed = 3

  /// `no recorded response for GET /x?a=1; nearest: GET /x?a=2 (query "a": "1" ≠ recorded
  /// "2"); …`, one line.
  func unmatchedMessage(for request: RecordedRequest, key: Key) -> String {
    let head = "no recorded response for \(request.method.uppercased()) \(request.url)"
    guard !exchanges.isEmpty else { return head + "; the fixture records no requests" }
    let ranked = exchanges.indices
      .map { index in (index: index, differences: Self.differences(key, exchanges[index].key)) }
      .sorted { lhs, rhs in
        let left = Self.weight(lhs.differences)
        let right = Self.weight(rhs.differences)
        return left != right ? left < right : lhs.index < rhs.index
      }
      .prefix(Self.candidatesNamed)
    let described = ranked.map { candidate in
      let exchange = exchanges[candidate.index]
      let used = exchange.used ? ", already used" : ""
      return "\(exchange.request.method) \(exchange.request.url) ("
        + candidate.differences.map(\.text).joined(separator: ", ") + used + ")"
    }
    return head + "; nearest: " + described.joined(separator: "; ")
  }

  struct Difference {
    var text: String
    var weight: Int
  }

  private static func weight(_ differences: [Difference]) -> Int {
    differences.reduce(0) { $0 + $1.weight }
  }

  static func differences(_ incoming: Key, _ recorded: Key) -> [Difference] {
    var result: [Difference] = []
    if incoming.method != recorded.method {
      result.append(Difference(text: "method \(incoming.method) ≠ recorded \(recorded.method)", weight: 4))
    }
    if incoming.path != recorded.path {
      result.append(
        Difference(
          text: "path \(quoted(incoming.path)) ≠ recorded \(quoted(recorded.path))",
          weight: 8 + pathDistance(incoming.path, recorded.path)))
    }
    let incomingNames = Set(incoming.query.map(\.name))
    let recordedNames = Set(recorded.query.map(\.name))
    for name in incomingNames.union(recordedNames).sorted() {
      let mine = incoming.query.filter { $0.name == name }.map(\.value)
      let theirs = recorded.query.filter { $0.name == name }.map(\.value)
      if theirs.isEmpty {
        result.append(Difference(text: "query \(quoted(name)) not in the recording", weight: 2))
      } else if mine.isEmpty {
        result.append(Difference(text: "query \(quoted(name)) missing", weight: 2))
      } else if theirs != mine,
        !(theirs.allSatisfy { $0 == Redaction.replacement } && theirs.count == mine.count)
      {
        let left = mine.map(quoted).joined(separator: ",")
        let right = theirs.map(quoted).joined(separator: ",")
        result.append(Difference(text: "query \(quoted(name)): \(left) ≠ recorded \(right)", weight: 1))
      }
    }
    if incoming.body != recorded.body {
      let common = zip(incoming.body, recorded.body).prefix { $0 == $1 }.count
      result.append(
        Difference(
          text:
            "body differs at byte \(common) (\(incoming.body.count) bytes, recorded \(recorded.body.count))",
          weight: 3))
    }
    if result.isEmpty { result.append(Difference(text: "identical", weight: 0)) }
    return result
  }

  /// The number of path segments that differ, so `/v2/book/2` is nearer `/v2/book/1` than
  /// `/api/photos` is.
  private static func pathDistance(_ left: String, _ right: String) -> Int {
    let a = left.split(separator: "/")
    let b = right.split(separator: "/")
    let shared = zip(a, b).filter { $0 == $1 }.count
    return max(a.count, b.count) - shared
  }

  private static func quoted(_ text: String) -> String {
    "\"" + (text.count > 60 ? text.prefix(57) + "…" : text) + "\""
  }
}
