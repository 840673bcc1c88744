// tableflow-bench responsiveness: how long an intent waits while a page is in flight.
import Dispatch
import Foundation
import TableCore
import TableFlow

/// `tableflow-bench responsiveness`: with a transport that answers every request after
/// 200 ms, the time from `send(.collapse(…))` to its presented update while a load-more is in
/// flight (target under 1 ms), over 30 rounds; the median and the worst. The page itself
/// arrives about 200 ms later, as the same run shows.
func runResponsivenessBench() {
  let done = DispatchSemaphore(value: 0)
  Task {
    await ResponsivenessBench.run()
    done.signal()
  }
  done.wait()
}

enum ResponsivenessBench {
  static let rounds = 30

  static func run() async {
    var collapse: [Double] = []
    var page: [Double] = []
    for _ in 0..<rounds {
      guard let (toCollapse, toPage) = await measureRound() else {
        print(#"{"bench":"responsiveness","error":"the session did not go as planned"}"#)
        return
      }
      collapse.append(toCollapse)
      page.append(toPage)
    }
    collapse.sort()
    page.sort()
    print(
      #"{"bench":"responsiveness","latency_ms":200,"rounds":\#(rounds),"#
        + #""collapse_during_load_more_ms_median":\#(rounded(collapse[rounds / 2])),"#
        + #""collapse_during_load_more_ms_max":\#(rounded(collapse[rounds - 1])),"#
        + #""page_after_ms_median":\#(rounded(page[rounds / 2])),"target_ms":1}"#)
  }

  /// One session: load (200 ms), then load-more and at once collapse; the milliseconds from
  /// sending the collapse to its presented update, and to the page's.
  static func measureRound() async -> (Double, Double)? {
    guard
      let pipeline = try? Pipeline(
        feed: PagedFeed(), transport: SlowTransport(latency: .milliseconds(200)))
    else { return nil }
    let updates = pipeline.updates
    pipeline.send(.load)
    var sentAt: ContinuousClock.Instant?
    var collapsedAt: ContinuousClock.Instant?
    var pageAt: ContinuousClock.Instant?
    do {
      for try await update in updates {
        let isCollapsed = update.snapshot.sections.first { $0.id == "items" }?.isCollapsed == true
        switch update.version {
        case 2:  // loaded: ask for the next page, and collapse while it loads
          pipeline.send(.loadMore("items"))
          sentAt = .now
          pipeline.send(.collapse("items"))
        case 4 where isCollapsed:  // v3 showed the load-more row loading
          collapsedAt = .now
        case 5 where isCollapsed:  // the page
          pageAt = .now
          pipeline.finish()
        default:
          break
        }
      }
    } catch {
      return nil
    }
    guard let sentAt, let collapsedAt, let pageAt else { return nil }
    return (milliseconds(collapsedAt - sentAt), milliseconds(pageAt - sentAt))
  }

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// A page of 20 items.
private struct Page: Decodable, Sendable {
  let items: [String]
  let next: Int?
}

private struct PagedFeed: Feed {
  let name = "paged"
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { PagedScreen() }
}

private struct PagedScreen: Screen {
  var name: String { "paged" }

  func requests(for load: ScreenLoad, state: ScreenState<Page>) -> [ScreenRequest] {
    [.get("/items", query: ["start": "0"])]
  }

  func nextPage(of section: SectionID, state: ScreenState<Page>) -> ScreenRequest? {
    guard let next = state.pages(in: "main").last?.next else { return nil }
    return .get("/items", query: ["start": "\(next)"])
  }

  func sections(for state: ScreenState<Page>) throws -> [Section] {
    let items = state.pages(in: "main").flatMap(\.items)
    return [
      Section(
        id: "items", header: "Items",
        rows: items.map {
          Row(id: RowID($0), kind: "item", model: FieldsModel(fields: [Field("t", .text($0))], height: 44))
        })
    ]
  }
}

/// Answers every request after `latency` with a page of 20 items.
private struct SlowTransport: Transport {
  let latency: Duration

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    do {
      try await Task.sleep(for: latency)
    } catch {
      throw TransportError(.cancelled, "cancelled")
    }
    let start = Int(request.query.first { $0.name == "start" }?.value ?? "0") ?? 0
    let items = (start..<(start + 20)).map { "\"item-\($0)\"" }.joined(separator: ",")
    let next = start + 20 < 100 ? "\(start + 20)" : "null"
    return TransportResponse(status: 200, body: Array(#"{"items":[\#(items)],"next":\#(next)}"#.utf8))
  }
}
