// tableflow-bench bus: EventBus fan-out against one plain AsyncStream per subscriber, and the
// pipeline's cost per presented snapshot.
import Dispatch
import TableCore
import TableFlow

/// Runs the bus benchmark and prints one JSON line per figure.
func runBusBench() {
  let done = DispatchSemaphore(value: 0)
  Task {
    await BusBench.run()
    done.signal()
  }
  done.wait()
}

enum BusBench {
  static let events = 1_000_000
  static let runs = 5

  static func run() async {
    // `tableflow-bench bus pipeline` measures the pipeline alone (for profiling).
    let pipelineOnly = CommandLine.arguments.dropFirst(2).first == "pipeline"
    for subscribers in pipelineOnly ? [] : [1, 4] {
      var ours: [Double] = []
      var peer: [Double] = []
      for _ in 0..<runs {
        ours.append(await measureBus(subscribers: subscribers))
        peer.append(await measureAsyncStream(subscribers: subscribers))
      }
      let oursRate = Double(events) / median(ours)
      let peerRate = Double(events) / median(peer)
      print(
        #"{"bench":"bus","subscribers":\#(subscribers),"events":\#(events),"#
          + #""tableflow_events_per_s":\#(Int(oursRate)),"peer":"AsyncStream","#
          + #""peer_events_per_s":\#(Int(peerRate)),"ratio":\#(rounded(oursRate / peerRate))}"#)
    }
    let (snapshots, settled) = await measurePipeline(atOnce: false)
    let (_, atOnce) = await measurePipeline(atOnce: true)
    print(
      #"{"bench":"bus-pipeline","snapshots":\#(snapshots),"#
        + #""us_per_snapshot":\#(rounded(settled / Double(snapshots) * 1e6)),"#
        + #""us_per_snapshot_sent_at_once":\#(rounded(atOnce / Double(snapshots) * 1e6)),"target_us":50}"#)
  }

  static let screen = ScreenRef(instance: 1, name: "bench", depth: 0)

  /// Seconds to deliver `events` events to every subscriber, losslessly.
  static func measureBus(subscribers: Int) async -> Double {
    let bus = EventBus()
    let subscriptions = (0..<subscribers).map { _ in bus.subscribe() }
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
      for subscription in subscriptions {
        group.addTask {
          var count = 0
          var last: UInt64 = 0
          for await event in subscription {
            count += 1
            last = event.sequence
          }
          precondition(count == events && last == UInt64(events - 1), "the bus lost events")
        }
      }
      group.addTask {
        let event = PipelineEvent.intentReceived(.load, screen: screen)
        for _ in 0..<events { await bus.publish(event) }
        bus.finish()
      }
    }
    return seconds(since: start)
  }

  /// The same with one unbounded (lossless) AsyncStream per subscriber.
  static func measureAsyncStream(subscribers: Int) async -> Double {
    let streams = (0..<subscribers).map { _ in AsyncStream<BusEvent>.makeStream() }
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
      for (stream, _) in streams {
        group.addTask {
          var count = 0
          for await _ in stream { count += 1 }
          precondition(count == events, "the stream lost events")
        }
      }
      group.addTask {
        let event = PipelineEvent.intentReceived(.load, screen: screen)
        for sequence in 0..<UInt64(events) {
          let stamped = BusEvent(sequence: sequence, event: event)
          for (_, continuation) in streams { continuation.yield(stamped) }
        }
        for (_, continuation) in streams { continuation.finish() }
      }
    }
    return seconds(since: start)
  }

  /// A session of collapse/expand intents on a one-row screen with no requests: every intent
  /// is one transform and one presented snapshot, so the time per snapshot is the pipeline's
  /// own cost (bus, actor hops, status rows), with a trivial diff and no decoding. Each intent
  /// is sent once the previous one has settled (a round trip through every stage and back to
  /// the driver), or all at once (`atOnce`: the stages' throughput).
  static func measurePipeline(atOnce: Bool) async -> (Int, Double) {
    let snapshots = 20_000
    var intents = [ScriptedIntent(.load, sendsNextAtOnce: atOnce)]
    for index in 0..<(snapshots - 1) {
      intents.append(ScriptedIntent(index % 2 == 0 ? .collapse("s") : .expand("s"), sendsNextAtOnce: atOnce))
    }
    var best = Double.infinity
    for _ in 0..<3 {
      guard let pipeline = try? Pipeline(feed: TinyFeed(), transport: NoTransport()) else { return (0, 0) }
      let start = ContinuousClock.now
      let outcome = await pipeline.run(script: intents)
      precondition(outcome.presentedCount == snapshots && outcome.worstFailure == nil, "pipeline failed")
      best = min(best, seconds(since: start))
    }
    return (snapshots, best)
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

private struct TinyFeed: Feed {
  let name = "tiny"
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { TinyScreen() }
}

private struct TinyScreen: Screen {
  typealias Model = [String]
  var name: String { "bench" }
  func sections(for state: ScreenState<[String]>) throws -> [Section] {
    [
      Section(
        id: "s",
        rows: [Row(id: "r", kind: "text", model: FieldsModel(fields: [Field("t", .text("x"))], height: 44))])
    ]
  }
}

private struct NoTransport: Transport {
  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    throw TransportError(.notRecorded, "the benchmark sends no requests")
  }
}
