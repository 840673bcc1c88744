import Foundation
import TableCore
import Testing

@testable import TableFlow

@Suite("Log writers", .timeLimit(.minutes(5)))
struct LogWriterTests {
  static func events(
    _ intents: [Intent], transport: StubTransport = StubTransport(total: 3)
  ) async throws -> [BusEvent] {
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport)
    var events: [BusEvent] = []
    _ = await pipeline.run(intents) { events.append($0) }
    return events
  }

  @Test("the text log: first snapshot whole, later ones as their changes, one line per step")
  func textLog() async throws {
    let transport = StubTransport(total: 3)
    transport.fail("/items/item-0", with: .status(404))
    var writer = TextLogWriter()
    let log = writer.log(
      of: try await Self.events([.load, .select("item-0"), .back, .collapse("more")], transport: transport))
    let expected = """
      > load
      list v1: 1 section, 1 row
        section 0 tableflow.status [static]
          0.0 loading tableflow.loading  text="Loading…"  height=44
      GET /items?start=0&count=2 → 200, 87 bytes
      list v2: 2 sections, 4 rows; 2 stages
        stage 1: 1 section deleted
          - section 0 tableflow.status
        stage 2: 2 sections inserted
          + section 0 items "Items" [dynamic], 3 rows
              0.0 item item-0  title="Item 0"  height=44
              0.1 item item-1  title="Item 1"  height=44
              0.2 load-more tableflow.more.items  text="Load more"  height=44
          + section 1 more "More" [static], 1 row
              1.0 link site  title="Website"  height=44
      > select item-0
      push detail (from list)
      detail v1: 1 section, 1 row
        section 0 tableflow.status [static]
          0.0 loading tableflow.loading  text="Loading…"  height=44
      error fetch/network in detail: HTTP 404 for GET /items/item-0
      detail v2: 1 section, 1 row; 2 stages
        stage 1: 1 row deleted
          - row 0.0 tableflow.loading
        stage 2: 1 row inserted
          + row 0.0 error tableflow.error  message="HTTP 404 for GET /items/item-0" category="network" retry="load"  height=44
      > back
      back to list v2 (from detail)
      > collapse more
      list v3: 2 sections, 3 rows; 1 stage
        stage 1: 1 row deleted
          - row 1.0 site

      """
    #expect(log == expected)
  }

  @Test("--full prints every snapshot whole")
  func fullTextLog() async throws {
    var writer = TextLogWriter(full: true)
    let log = writer.log(of: try await Self.events([.load]))
    #expect(log.contains("list v2: 2 sections, 4 rows\n  section 0 items \"Items\" [dynamic]\n"))
    #expect(!log.contains("stage 1"))
  }

  @Test("text fields stay on one line whatever they hold")
  func escaping() {
    #expect(TextEscaping.quoted("a \"b\"\nc\\") == #""a \"b\"\nc\\""#)
    #expect(TextEscaping.quoted("中文 😀") == "\"中文 😀\"")
  }

  @Test("jsonl snapshot lines hold the interchange form that TableCore's Codable writes")
  func jsonlMatchesInterchange() async throws {
    let events = try await Self.events([.load, .loadMore("items")])
    var writer = JSONLinesLogWriter()
    let lines = writer.log(of: events).split(separator: "\n")
    let updates = events.compactMap(\.event.presentedUpdate)
    let snapshotLines = lines.filter { $0.contains(#""event":"snapshot""#) }
    #expect(snapshotLines.count == updates.count)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (line, update) in zip(snapshotLines, updates) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let ours = try JSONSerialization.data(
        withJSONObject: try #require(object["snapshot"]), options: [.sortedKeys])
      let core = try JSONSerialization.jsonObject(with: try encoder.encode(update.snapshot))
      #expect(ours == (try JSONSerialization.data(withJSONObject: core, options: [.sortedKeys])))
      if update.version > 1 {
        let changeset = try JSONSerialization.data(
          withJSONObject: try #require(object["changeset"]), options: [.sortedKeys])
        let coreChangeset = try JSONSerialization.jsonObject(with: try encoder.encode(update.changeset))
        #expect(
          changeset == (try JSONSerialization.data(withJSONObject: coreChangeset, options: [.sortedKeys])))
      }
    }
  }

  @Test("jsonl lines have sorted keys and name their event")
  func jsonlShape() async throws {
    var writer = JSONLinesLogWriter()
    let log = writer.log(of: try await Self.events([.load, .back]))
    let lines = log.split(separator: "\n").map(String.init)
    #expect(lines.first == #"{"event":"intent","intent":"load","screen":"list"}"#)
    #expect(
      lines.last
        == #"{"category":"data","event":"error","message":"back: already on the root screen","screen":"list","stage":"navigation"}"#
    )
    #expect(
      lines[1].hasPrefix(
        #"{"changeset":{"stages":[]},"event":"snapshot","screen":"list","snapshot":{"sections":[{"collapsed":false,"footer":null,"header":null,"id":"tableflow.status""#
      ))
  }

  @Test("the same session logs the same bytes every time")
  func deterministic() async throws {
    var first = LogFormat.jsonl.makeWriter()
    var second = LogFormat.jsonl.makeWriter()
    let intents: [Intent] = [.load, .loadMore("items"), .select("item-2"), .back, .refresh]
    #expect(first.log(of: try await Self.events(intents)) == second.log(of: try await Self.events(intents)))
  }

  @Test("JSON numbers: integral without fraction, others shortest, non-finite as null")
  func numbers() {
    #expect(JSONValue.format(44) == "44")
    #expect(JSONValue.format(88.5) == "88.5")
    #expect(JSONValue.format(.infinity) == "null")
    #expect(JSONValue.string("\u{1}\t").text == #""\u0001\t""#)
  }
}

@Suite("Presented updates", .timeLimit(.minutes(5)))
struct PresentedUpdateTests {
  @Test("every update carries its previous snapshot: previous + changeset = snapshot, version 1 from empty")
  func previousAppliesToSnapshot() async throws {
    let events = try await LogWriterTests.events([
      .load, .loadMore("items"), .select("item-2"), .back, .refresh,
    ])
    let updates = events.compactMap(\.event.presentedUpdate)
    #expect(updates.count > 4)
    for update in updates {
      #expect(try update.previous.applying(update.changeset) == update.snapshot)
      if update.version == 1 {
        #expect(update.previous == .empty)
        #expect(!update.changeset.isEmpty)
      }
    }
    var writer = JSONLinesLogWriter()
    let first = writer.text(
      for: try #require(events.first { $0.event.kind == .presented }))
    #expect(first.hasPrefix(#"{"changeset":{"stages":[]},"event":"snapshot""#))
  }

  @Test("the text log escapes ids, URLs, links and messages from a hostile backend")
  func hostileStrings() {
    let forged = "x\n> select forged\n\u{1B}[31m"
    let screen = ScreenRef(instance: 1, name: "list", depth: 0)
    let row = Row(
      id: RowID(forged), kind: "item", model: FieldsModel(fields: [Field("title", .text(forged))], height: 44)
    )
    let snapshot = TableSnapshot(uncheckedSections: [Section(id: SectionID(forged), rows: [row])])
    let update = PresentedUpdate(
      screen: screen, version: 1, previous: .empty, snapshot: snapshot,
      changeset: snapshot.difference(from: .empty), navigation: nil)
    let events: [PipelineEvent] = [
      .intentReceived(.select(RowID(forged)), screen: screen),
      .presented(update),
      .navigated(.openedLink("https://x.test/\n> back", from: screen)),
      .failed(PipelineFailure(.data, stage: .decode, "bad \(forged)"), screen: screen),
    ]
    var writer = TextLogWriter()
    let log = writer.log(
      of: events.enumerated().map { BusEvent(sequence: UInt64($0.offset), event: $0.element) })
    #expect(!log.contains("\u{1B}"))
    #expect(log.split(separator: "\n").count == 6)
    #expect(!log.contains("\n> select forged"))
    #expect(log.contains(#"    0.0 item "x\n> select forged\n\u001b[31m"  title="#))
  }
}

@Suite("Text log stages", .timeLimit(.minutes(5)))
struct TextLogStageTests {
  @Test("a reloaded section (its style changed) is printed with its new header and its rows")
  func sectionReload() throws {
    func row(_ id: String) -> Row {
      Row(id: RowID(id), kind: "item", model: FieldsModel(fields: [Field("title", .text(id))], height: 44))
    }
    let old = TableSnapshot(uncheckedSections: [Section(id: "s", header: "Old", rows: [row("a")])])
    let new = TableSnapshot(uncheckedSections: [
      Section(id: "s", header: "New", style: .static, rows: [row("a"), row("b")])
    ])
    let changeset = new.difference(from: old)
    let stage = try #require(changeset.stages.first)
    #expect(stage.sectionReloads == [0])
    let description = try #require(changeset.describedStages(from: old).first)
    let text = SnapshotText.logLines(for: description)
    let expected = [
      "  stage 1: 1 section reloaded",
      "    * section 0 s reloaded",
      "    * now section 0 s \"New\" [static], 2 rows",
      "        0.0 item a  title=\"a\"  height=44",
      "        0.1 item b  title=\"b\"  height=44",
    ]
    #expect(text == expected.joined(separator: "\n") + "\n")
  }
}
