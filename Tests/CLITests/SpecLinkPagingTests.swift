import Foundation
import TestSupport
import Testing

/// A spec paged by `Link` headers (RFC 8288), live against `tools/tracker-server.py`'s
/// activity endpoint (absolute `rel="next"` URLs on the loopback server), recorded, replayed
/// and verified; and the README's ten-line spec, run as a new user would.
@Suite("tableflow run --spec, Link pagination")
struct SpecLinkPagingTests {
  /// The README's spec: kept here so the text the docs show stays true.
  static let readmeSpec = """
    { "tableflow-spec": 1, "name": "activity", "screens": { "activity": {
      "requests": { "main": { "path": "/projects/demo/activity", "query": { "per_page": "10" },
        "pagination": { "style": "link" } } },
      "sections": [ { "id": "events", "header": "Activity", "footer": "${section.loaded} loaded",
        "records": "main", "rows": [ { "kind": "event", "id": "event-${item.id}", "fields": {
          "what": "${item.kind} #${item.issue}", "when": "${item.at | date('d MMM HH:mm')}",
          "points": "${item.points | number(1, ',')}" } } ] } ] } } }
    """

  /// The first lines of the README spec's log, as the docs show them.
  static let readmeLog = """
    > load
    activity v1: 2 sections, 1 row
      section 0 events "Activity" [dynamic] footer="0 loaded"
      section 1 tableflow.status [static]
        1.0 loading tableflow.loading  text="Loading…"  height=44
    GET /projects/demo/activity?per_page=10 → 200, 1119 bytes
    activity v2: 1 section, 11 rows; 2 stages
      stage 1: 1 section deleted
        - section 1 tableflow.status
      stage 2: 1 section updated, 11 rows inserted
        = section 0 events footer "0 loaded" → "10 loaded"
        + row 0.0 event event-23  what="closed #24" when="23 Nov 19:41" points="28,393.5"  height=44
        + row 0.1 event event-22  what="commented #23" when="22 Nov 14:34" points="27,159.0"  height=44

    """

  static let intents = """
    load
    load-more events
    load-more events
    refresh
    """

  @Test("a Link-paged spec records live, replays and verifies byte for byte; the last page ends the list")
  func recordReplayVerify() throws {
    let server = try APIServer(script: "tools/tracker-server.py")
    defer { server.stop() }
    let session = try RecordedSpecSession(
      spec: Self.readmeSpec, named: "activity.tableflow.json", intents: Self.intents, server: server)
    defer { session.cleanUp() }
    let live = session.live
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stderr.isEmpty, "\(live.stderr)")
    // The server's absolute next links are followed below the base URL: path and query only.
    #expect(live.stdout.contains("GET /projects/demo/activity?after=14&per_page=10 → 200"), "\(live.stdout)")
    #expect(live.stdout.contains("GET /projects/demo/activity?after=4&per_page=10 → 200"))
    #expect(!live.stdout.contains("127.0.0.1"))
    // Event 23: 2026-11-23T19:41:00Z, 28,393.5 points.
    #expect(live.stdout.contains(#"event event-23  what="closed #24" when="23 Nov 19:41" points="28,393.5""#))
    #expect(live.stdout.contains(#"event event-1  what="commented #2" when="1 Nov 05:07" points="1,234.5""#))
    // The third page has no rel="next": its update removes the load-more row, 23 rows remain.
    #expect(
      live.stdout.contains(
        """
        GET /projects/demo/activity?after=4&per_page=10 → 200, 327 bytes
        activity v6: 1 section, 23 rows; 2 stages
          stage 1: 1 row deleted
            - row 0.20 tableflow.more.events
          stage 2: 1 section updated, 3 rows inserted
            = section 0 events footer "20 loaded" → "23 loaded"
        """))

    let replay = try session.replay()
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout == live.stdout)
    let verify = try session.verify()
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
  }

  @Test("the README's ten-line spec runs against the loopback tracker and prints the lines the docs show")
  func readmeSpecRuns() throws {
    #expect(Self.readmeSpec.split(separator: "\n").count <= 10)
    let server = try APIServer(script: "tools/tracker-server.py")
    defer { server.stop() }
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let spec = folder.file("activity.tableflow.json")
    try Data(Self.readmeSpec.utf8).write(to: URL(fileURLWithPath: spec))
    let check = try CLIProcess.run(["spec", "check", spec])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let run = try CLIProcess.run(["run", "--spec", spec, "--live", server.baseURL.absoluteString])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix(Self.readmeLog), "\(run.stdout)")
  }
}
