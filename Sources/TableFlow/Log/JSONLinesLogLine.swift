import TableCore

/// One line of the jsonl snapshot log: the log's schema, declared once. ``JSONLinesLogWriter``
/// writes lines of this shape (see ``value``) and readers such as the session page decode them
/// with the same keys, so the writer and its readers cannot drift apart.
///
/// `event` names the line's kind: `intent`, `cancel`, `response`, `duplicates`, `snapshot`,
/// `cells`, `navigation` or `error`. Each kind has the fields its events carry; a reader ignores
/// kinds and keys it does not know, which lets a newer writer add them.
package struct JSONLinesLogLine: Decodable, Hashable, Sendable {
  /// One answer of a `response` line.
  package struct Response: Codable, Hashable, Sendable {
    package var method: String
    package var url: String
    package var status: Int
    package var bytes: Int
  }

  /// One request of a `cancel` line.
  package struct Request: Codable, Hashable, Sendable {
    package var method: String
    package var url: String
  }

  /// One presented row of a `cells` line: `willDisplay` or `didUpdate`.
  package struct Cell: Codable, Hashable, Sendable {
    package var event: String
    package var row: String
    package var kind: String
    /// `[section, row]`.
    package var position: [Int]
  }

  /// The line's keys, as the log spells them.
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case event, intent, screen, version, snapshot, responses, requests, ignored, duplicates
    case reason, action, from, link, stage, category, message, cells
  }

  package var event: String
  package var intent: String?
  package var screen: String?
  package var version: Int?
  /// A `snapshot` line's table (decoded; the writer streams it row by row instead). A snapshot
  /// line also holds its `changeset` in the interchange form, which readers recompute from the
  /// screen's previous snapshot rather than decode.
  package var snapshot: TableSnapshot?
  package var responses: [Response]?
  package var requests: [Request]?
  package var ignored: String?
  package var duplicates: [String]?
  package var reason: String?
  package var action: String?
  package var from: String?
  package var link: String?
  package var stage: String?
  package var category: String?
  package var message: String?
  package var cells: [Cell]?

  /// A line of kind `event` with no fields yet.
  package init(event: String) {
    self.event = event
  }

  /// The line as a JSON value (keys sorted when written): the fields that are set, but for
  /// `snapshot` (``JSONLinesLogWriter`` writes a snapshot line's table straight into the log),
  /// and for an `error` line always `screen`, `null` when the failure belongs to no screen.
  package var value: JSONValue {
    var members: [String: JSONValue] = [CodingKeys.event.rawValue: .string(event)]
    func put(_ key: CodingKeys, _ value: JSONValue?) {
      if let value { members[key.rawValue] = value }
    }
    put(.intent, intent.map(JSONValue.string))
    put(.screen, screen.map(JSONValue.string) ?? (event == "error" ? .null : nil))
    put(.version, version.map(JSONValue.integer))
    put(.ignored, ignored.map(JSONValue.string))
    put(.reason, reason.map(JSONValue.string))
    put(.action, action.map(JSONValue.string))
    put(.from, from.map(JSONValue.string))
    put(.link, link.map(JSONValue.string))
    put(.stage, stage.map(JSONValue.string))
    put(.category, category.map(JSONValue.string))
    put(.message, message.map(JSONValue.string))
    put(.duplicates, duplicates.map { .array($0.map(JSONValue.string)) })
    put(
      .requests,
      requests.map { list in
        .array(list.map { .object(["method": .string($0.method), "url": .string($0.url)]) })
      })
    put(
      .responses,
      responses.map { list in
        .array(
          list.map {
            .object([
              "method": .string($0.method), "url": .string($0.url), "status": .integer($0.status),
              "bytes": .integer($0.bytes),
            ])
          })
      })
    put(
      .cells,
      cells.map { list in
        .array(
          list.map {
            .object([
              "event": .string($0.event), "row": .string($0.row), "kind": .string($0.kind),
              "position": .array($0.position.map(JSONValue.integer)),
            ])
          })
      })
    return .object(members)
  }
}
