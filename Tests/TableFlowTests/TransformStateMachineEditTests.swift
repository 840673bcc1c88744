import TableCore
import Testing

@testable import TableFlow

/// A form: a name field, a secret field, a switch, and a list whose rows offer `star`, which
/// changes the state at once and confirms it with a POST.
private struct FormScreen: Screen {
  var name: String { "form" }

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    [.get("/items", query: ["start": "0", "count": "9"], slot: "items")]
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    let items = state.pages(in: "items").last?.items ?? []
    return [
      Section(
        id: "form",
        rows: [
          Row(id: "name", kind: "text", model: TitleModel(title: state.text(of: "name"))),
          Row(
            id: "secret", kind: "text",
            model: TitleModel(title: state.text(of: "secret").isEmpty ? "" : "••••")),
          Row(id: "on", kind: "switch", model: TitleModel(title: "\(state.switches["on"] ?? false)")),
        ]),
      Section(
        id: "items",
        rows: items.map { item in
          let starred = state.change(of: item.id) == "starred"
          return Row(
            id: RowID(item.id), kind: "item", model: TitleModel(title: item.title + (starred ? " ★" : "")))
        }),
    ]
  }

  func field(_ row: Row, state: ScreenState<ItemPage>) -> FormField? {
    switch row.id {
    case "name": return .text(isSecure: false)
    case "secret": return .text(isSecure: true)
    case "on": return .toggle(isOn: state.switches["on"] ?? false)
    default: return nil
    }
  }

  func route(action name: String, in row: Row, state: ScreenState<ItemPage>) -> Route? {
    guard row.kind == "item", name == "star" else { return nil }
    return .change(
      ScreenChange(key: row.id.rawValue, value: "starred"),
      send: .post("/items/\(row.id.rawValue)/star", json: Array("{}".utf8), slot: "star"))
  }
}

@Suite("TransformStateMachine: edit, toggle, action")
struct TransformStateMachineEditTests {
  typealias Machine = TransformStateMachine
  typealias Tests = TransformStateMachineTests

  static func loaded() throws -> Machine {
    var machine = Machine(root: FormScreen(), parameters: [:])
    let load = try #require(Tests.jobs(machine.received(.load)).first)
    _ = machine.decoded(Tests.answer(load, [TransformStateMachineTests.page]))
    return machine
  }

  static func title(_ snapshot: TableSnapshot?, _ id: RowID) -> FieldValue? {
    snapshot?.sections.flatMap(\.rows).first { $0.id == id }?.fields.first?.value
  }

  static func applied(_ actions: [Machine.Action]) -> [Intent] {
    actions.compactMap { if case .applied(let intent, _) = $0 { intent } else { nil } }
  }

  @Test("edit: the field takes the text and its row is reconfigured")
  func edit() throws {
    var machine = try Self.loaded()
    let edited = machine.received(.edit("name", text: "Tom"))
    let built = try #require(Tests.builds(edited).first)
    #expect(Self.title(built.snapshot, "name") == .text("Tom"))
    #expect(built.changeset.stages.map(\.rowReconfigures) == [[RowPosition(section: 0, row: 0)]])
    #expect(Self.applied(edited).map(\.description) == ["edit name Tom"])
  }

  @Test("edit of a secure field is published marked secret: logs show the mask, never the text")
  func secureEdit() throws {
    var machine = try Self.loaded()
    let edited = machine.received(.edit("secret", text: "douban"))
    #expect(Self.applied(edited) == [.edit("secret", text: "douban", isSecret: true)])
    #expect(Self.applied(edited).map(\.description) == ["edit secret ••••"])
    #expect(Self.title(Tests.snapshots(edited).last, "secret") == .text("••••"))
  }

  @Test("toggle flips a switch; edit or toggle of the wrong row is a data failure")
  func toggleAndMistakes() throws {
    var machine = try Self.loaded()
    #expect(Self.title(Tests.snapshots(machine.received(.toggle("on"))).last, "on") == .text("true"))
    #expect(Self.title(Tests.snapshots(machine.received(.toggle("on"))).last, "on") == .text("false"))
    #expect(Tests.failures(machine.received(.toggle("name"))).map(\.category) == [.data])
    #expect(Tests.failures(machine.received(.edit("on", text: "x"))).map(\.category) == [.data])
    #expect(Tests.failures(machine.received(.edit("nowhere", text: "x"))).map(\.category) == [.data])
    #expect(Tests.failures(machine.received(.action("name", name: "star"))).map(\.category) == [.data])
  }

  @Test("action: the change is presented at once, before the POST is answered; a success keeps it")
  func optimisticChange() throws {
    var machine = try Self.loaded()
    let starred = machine.received(.action("item-0", name: "star"))
    let post = try #require(Tests.jobs(starred).first)
    #expect(post.requests.map(\.relativeURL) == ["/items/item-0/star"])
    #expect(Self.title(Tests.snapshots(starred).last, "item-0") == .text("Zero ★"))
    let confirmed = machine.decoded(Tests.answer(post, []))
    #expect(Tests.snapshots(confirmed).isEmpty)
    #expect(Tests.failures(confirmed).isEmpty)
  }

  @Test("action: a failed POST takes the change back with an error row; selecting it retries")
  func rollback() throws {
    var machine = try Self.loaded()
    let post = try #require(Tests.jobs(machine.received(.action("item-0", name: "star"))).first)
    let failure = PipelineFailure(.network, stage: .fetch, "HTTP 500 for POST /items/item-0/star")
    let failed = machine.decoded(Tests.failure(post, failure))
    let back = try #require(Tests.snapshots(failed).last)
    #expect(Self.title(back, "item-0") == .text("Zero"))
    let errorRow = try #require(back.sections.last?.rows.first)
    #expect(errorRow.id == StatusRows.errorID)
    #expect(errorRow.fields.contains(Field("retry", .text("action item-0 star"))))
    let retried = machine.received(.select(StatusRows.errorID))
    #expect(Self.title(Tests.snapshots(retried).last, "item-0") == .text("Zero ★"))
    #expect(Tests.jobs(retried).first?.requests.map(\.relativeURL) == ["/items/item-0/star"])
  }
}
