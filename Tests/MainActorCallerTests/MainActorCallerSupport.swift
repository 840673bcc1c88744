import TableCore
import TableFlow

// This target is compiled with `defaultIsolation(MainActor.self)`, as Xcode's app templates
// are: every declaration here is main-actor code unless it says `nonisolated`. A user's
// transports, feeds and screens run on the pipeline's stages, so they are declared
// `nonisolated`, as an app's would be.

/// A transport for feeds that send no requests: any request is refused.
nonisolated struct NoNetwork: Transport {
  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    throw TransportError(.unreachable, "this test sends no requests (\(request.path))")
  }
}

/// What a view controller keeps: main-actor state that the callbacks update.
final class ScreenLog {
  private(set) var events: [BusEvent] = []
  private(set) var presented = 0

  /// Records `event`; only main-actor code may call it.
  func take(_ event: BusEvent) {
    MainActor.assertIsolated("the callback runs on the caller's actor")
    events.append(event)
    if event.event.kind == .presented { presented += 1 }
  }
}

/// A feed written in main-actor code: one static screen, so the session needs no network.
nonisolated struct GreetingFeed: Feed {
  var name: String { "greeting" }

  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { GreetingScreen() }
}

/// One section with one row; it sends no requests.
nonisolated struct GreetingScreen: Screen {
  /// The screen decodes nothing.
  struct Nothing: Decodable, Sendable {}

  var name: String { "greeting" }

  func sections(for state: ScreenState<Nothing>) throws -> [Section] {
    [Section(id: "hello", rows: [Row(id: "hello", kind: "text", model: Greeting(text: "hello"))])]
  }
}

/// The greeting's cell model.
nonisolated struct Greeting: CellModel {
  let text: String
  var fields: [Field] { [Field("text", .text(text))] }
  var height: Double { 44 }
}
