import TableCore
import Testing

@testable import TableFlow

/// Intents applied while requests are in flight, through the whole pipeline: a gated transport
/// holds a page until the test has seen what must come first.
@Suite("Intents in flight", .timeLimit(.minutes(5)))
struct InFlightTests {
  /// Runs `script` on the test feed; `release(event)` says when to let the held requests go.
  static func session(
    _ script: [ScriptedIntent], holding holds: @escaping @Sendable (TransportRequest, Int) -> Bool,
    releaseWhen release: @escaping @Sendable (PipelineEvent) -> Bool,
    options: PipelineOptions = PipelineOptions()
  ) async throws -> (log: String, outcome: SessionOutcome) {
    let transport = GatedTransport(StubTransport(), holding: holds)
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport, options: options)
    let watcher = pipeline.bus.subscribe()
    let releaser = Task {
      for await event in watcher where release(event.event) {
        transport.release()
        return
      }
    }
    var writer = TextLogWriter()
    var log = ""
    let outcome = await pipeline.run(script: script) { log += writer.text(for: $0) }
    releaser.cancel()
    return (log, outcome)
  }

  static func position(of line: String, in log: String) -> Int {
    log.range(of: line).map { log.distance(from: log.startIndex, to: $0.lowerBound) } ?? -1
  }

  @Test("a collapse sent during a load-more is presented before the page; ' &' sends it at once")
  func collapseDuringLoadMore() async throws {
    let (log, outcome) = try await Self.session(
      [
        ScriptedIntent(.load), ScriptedIntent(.loadMore("items"), sendsNextAtOnce: true),
        ScriptedIntent(.collapse("items")),
      ],
      holding: { request, _ in request.relativeURL.contains("start=2") },
      releaseWhen: { event in
        guard let update = event.presentedUpdate else { return false }
        return update.snapshot.sections.first?.isCollapsed == true
      })
    let collapse = Self.position(of: "> collapse items\n", in: log)
    let page = Self.position(of: "GET /items?start=2&count=2 → 200", in: log)
    #expect(collapse > 0)
    #expect(page > collapse)
    #expect(outcome.worstFailure == nil)
  }

  @Test("a second load-more for a section already loading is ignored, in one log line")
  func secondLoadMoreIgnored() async throws {
    let (log, _) = try await Self.session(
      [
        ScriptedIntent(.load), ScriptedIntent(.loadMore("items"), sendsNextAtOnce: true),
        ScriptedIntent(.loadMore("items")),
      ],
      holding: { request, _ in request.relativeURL.contains("start=2") },
      releaseWhen: { event in
        if event.kind == .intentIgnored { return true }
        return false
      })
    #expect(log.contains("> load-more items (ignored: items is already loading its next page)\n"))
    #expect(log.components(separatedBy: "GET /items?start=2").count == 2)
  }

  @Test("back cancels the popped screen's request, in one log line; its late answer is dropped")
  func backCancels() async throws {
    let (log, outcome) = try await Self.session(
      [
        ScriptedIntent(.load), ScriptedIntent(.select("item-1"), sendsNextAtOnce: true),
        ScriptedIntent(.back),
      ],
      holding: { request, _ in request.path == "/items/item-1" },
      releaseWhen: { event in
        if event.kind == .requestCancelled { return true }
        return false
      })
    #expect(log.contains("cancelled GET /items/item-1 (detail popped)\n"))
    #expect(!log.contains("GET /items/item-1 →"))
    #expect(log.hasSuffix("back to list v2 (from detail)\n"))
    #expect(outcome.worstFailure == nil)
  }

  @Test("a refresh supersedes the load in flight; the superseded answer is dropped")
  func refreshSupersedes() async throws {
    let (log, _) = try await Self.session(
      [ScriptedIntent(.load, sendsNextAtOnce: true), ScriptedIntent(.refresh)],
      holding: { _, index in index == 0 },
      releaseWhen: { event in
        if event.kind == .requestCancelled { return true }
        return false
      })
    #expect(log.contains("cancelled GET /items?start=0&count=2 (superseded by refresh)\n"))
    #expect(log.components(separatedBy: "GET /items?start=0&count=2 → 200").count == 2)
  }

  @Test("a hanging request is cut by its timeout and becomes an error row; other intents go on")
  func hangingRequestTimesOut() async throws {
    var options = PipelineOptions()
    options.requestTimeout = .milliseconds(200)
    let (log, outcome) = try await Self.session(
      [
        ScriptedIntent(.load), ScriptedIntent(.loadMore("items"), sendsNextAtOnce: true),
        ScriptedIntent(.select("site")),
      ],
      holding: { request, _ in request.relativeURL.contains("start=2") }, releaseWhen: { _ in false },
      options: options)
    let link = Self.position(of: "open https://example.com (from list)\n", in: log)
    let timeout = Self.position(
      of: "error fetch/network in list: GET /items?start=2&count=2: timed out", in: log)
    #expect(link > 0)
    #expect(timeout > link)
    #expect(log.contains(#"error tableflow.error  message="GET /items?start=2&count=2: timed out"#))
    #expect(outcome.exitCode == 69)
  }
}

/// Faults through the whole pipeline: failures stay visible and local.
@Suite("Pipeline faults", .timeLimit(.minutes(5)))
struct PipelineFaultTests {
  @Test("a decode failure is a failed event and an error row; the pipeline keeps running")
  func failureKeepsRunning() async throws {
    let transport = StubTransport()
    transport.fail("/items/item-1", with: .malformed)
    let (log, outcome, events) = try await PipelineTests.session(
      [.load, .select("item-1"), .back, .select("item-0")], transport: transport)
    let failures = events.compactMap(\.event.failure)
    #expect(failures.map(\.stage) == [.decode])
    #expect(log.contains("detail v2: 1 section, 1 row"))
    #expect(log.hasSuffix(#"0.0 text body  title="Body of item-0"  height=44"# + "\n"))
    #expect(outcome.exitCode == 65)
  }

  @Test("a slow updates reader holds the stages back and loses nothing")
  func backPressure() async throws {
    let pipeline = try Pipeline(
      feed: TestFeed(), transport: StubTransport(), options: PipelineOptions(busCapacity: 4))
    let updates = pipeline.updates
    pipeline.send(.load)
    var versions: [Int] = []
    for try await update in updates {
      versions.append(update.version)
      if update.version == 2 {
        for round in 0..<100 {
          pipeline.send(round.isMultiple(of: 2) ? .collapse("items") : .expand("items"))
        }
        pipeline.finish()
      }
      for _ in 0..<20 { await Task.yield() }  // a slow reader
    }
    #expect(versions == Array(1...102))
  }
}

/// Per-screen state is pruned on `back`: push/back pairs do not grow memory.
@Suite("Pruning on back")
struct PruningTests {
  @Test("5,000 push/back pairs leave one screen in the transform and present state")
  func pushBackPairs() throws {
    var transform = TransformStateMachine(root: StaticListScreen(), parameters: [:])
    var present = PresentStateMachine()
    var writer = TextLogWriter()
    var sequence: UInt64 = 0
    func show(_ actions: [TransformStateMachine.Action]) {
      for action in actions {
        var update: PresentedUpdate?
        switch action {
        case .build(let built): update = present.present(built, navigation: built.navigation).update
        case .navigate(let navigation) where navigation.kind == .popped:
          update = present.reveal(navigation.to, navigation: navigation)
          present.forget(navigation.from)
          _ = writer.text(for: BusEvent(sequence: sequence, event: .navigated(navigation)))
        default: break
        }
        if let update { _ = writer.text(for: BusEvent(sequence: sequence, event: .presented(update))) }
        sequence += 1
      }
    }
    show(transform.received(.load))
    for _ in 0..<5000 {
      show(transform.received(.select("open")))
      show(transform.received(.back))
    }
    #expect(transform.stack.count == 1)
    #expect(transform.inFlightCount == 0)
    #expect(present.screenCount == 1)
  }
}

/// A root screen without requests whose one row pushes another static screen.
struct StaticListScreen: Screen {
  typealias Model = [String]
  var name: String { "static" }
  func sections(for state: ScreenState<[String]>) throws -> [Section] {
    [Section(id: "main", rows: [Row(id: "open", kind: "open", model: TitleModel(title: "Open"))])]
  }
  func route(_ row: Row, state: ScreenState<[String]>) -> Route { .push(StaticDetailScreen()) }
}

struct StaticDetailScreen: Screen {
  typealias Model = [String]
  var name: String { "form" }
  func sections(for state: ScreenState<[String]>) throws -> [Section] {
    [Section(id: "form", rows: [Row(id: "field", kind: "text", model: TitleModel(title: "Field"))])]
  }
}
