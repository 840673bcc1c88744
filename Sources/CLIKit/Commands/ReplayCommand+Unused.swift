import FixtureKit
import TableCore
import TableFlow

extension ReplayCommand {
  /// The most unused requests a warning names; the rest are counted.
  static let unusedNamedLimit = 5

  /// The recorded requests of a replayed session that it never sent, in recorded order; none
  /// for a damaged fixture, whose damage is the cause worth reporting (requests after it were
  /// never read).
  static func unusedRequests(of transport: ReplayTransport) async -> [RecordedRequest] {
    guard transport.damage == nil else { return [] }
    await transport.readToEnd()
    guard transport.damage == nil else { return [] }
    return await transport.unusedRequests
  }

  /// `METHOD URL` of a recorded request (after redaction, as recorded).
  static func describe(_ request: RecordedRequest) -> String {
    "\(request.method.uppercased()) \(request.url)"
  }

  /// The warning line about `unused` requests of `fixture`, `nil` when there are none: it
  /// names the first few, each escaped and cut like other echoed input, and counts the rest.
  static func unusedWarning(_ unused: [RecordedRequest], fixture: String) -> String? {
    guard !unused.isEmpty else { return nil }
    let named = unused.prefix(unusedNamedLimit).map { TextEscaping.echoed(describe($0), limit: 120) }
    let more = unused.count > unusedNamedLimit ? " and \(unused.count - unusedNamedLimit) more" : ""
    let count = unused.count == 1 ? "1 recorded request was" : "\(unused.count) recorded requests were"
    return "\(TextEscaping.inline(fixture)): \(count) never sent: " + named.joined(separator: ", ") + more
  }
}
