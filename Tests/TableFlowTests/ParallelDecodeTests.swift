import Dispatch
import Foundation
import Testing

@testable import TableFlow

/// "The bodies of one batch decode in parallel" (DecodeStage): two bodies whose decoders each
/// wait for the other to have started can only both finish when they run at the same time.
/// The decoders block, so the batch runs on an executor of its own threads (a task executor
/// preference, which the decoder's child tasks inherit), never on the shared cooperative pool.
@Suite("The bodies of one batch decode in parallel", .timeLimit(.minutes(5)))
struct ParallelDecodeTests {
  /// Runs each job on a new thread: blocking one blocks nothing else.
  final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      Thread { job.runSynchronously(on: executor) }.start()
    }
  }

  /// Two decoders that meet: each signals that it started and waits (bounded) for the other.
  final class Rendezvous: Sendable {
    let started = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))

    /// Whether the other decoder started while this one was running (within `seconds`).
    func meet(_ side: Int, seconds: Double = 20) -> Bool {
      (side == 0 ? started.0 : started.1).signal()
      return (side == 0 ? started.1 : started.0).wait(timeout: .now() + seconds) == .success
    }
  }

  struct Met: Sendable, Equatable { var side: Int }

  @Test("two bodies of one batch are decoding at the same time, and settle in request order")
  func overlap() async throws {
    let rendezvous = Rendezvous()
    let decodings = (0..<2).map { side in
      ModelDecoding(Met.self) { _ throws -> Met in
        guard rendezvous.meet(side) else { throw CocoaError(.coderReadCorrupt) }
        return Met(side: side)
      }
    }
    let decoder = ScreenPageDecoder(screen: ItemListScreen(), decodings: decodings)
    let received = (0..<2).map { _ in
      ReceivedResponse(
        request: ScreenRequest.get("/items").request, response: TransportResponse(status: 200, body: []))
    }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let result = await withTaskExecutorPreference(ThreadPerJobExecutor()) { await decoder.decode(received) }
    let pages = try #require(try result.get() as? TypedPages<ItemPage>)
    let sides = pages.pages.map { page -> Int? in
      guard case .other(let model) = page else { return nil }
      return (model as? Met)?.side
    }
    #expect(sides == [0, 1])
  }
}

/// The decode stage hands the next answer to the same request the strings of the last one
/// (`StringReuse`): equal values, the unchanged ones in the very same storage.
@Suite("Strings reused across answers")
struct StringReuseTests {
  struct Page: Decodable, Equatable { var titles: [String] }

  static func storage(_ text: String) -> UnsafePointer<UInt8>? {
    text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
  }

  // Every title is longer than 15 bytes: shorter ones live inside the `String` itself.
  @Test("a refresh of the same request shares its unchanged strings; another request does not")
  func refreshShares() throws {
    let store = DecodedStrings()
    let request = ScreenRequest.get("/books").request
    func decode(_ json: String, for request: TransportRequest) throws -> Page {
      try StringReuse.$store.withValue(store) {
        try StringReuse.decoding(key: "\(request.method) \(request.relativeURL)") {
          Result { try JSONDecoding.tableFlow.decode(Page.self, from: Array(json.utf8)) }
        }
        .get()
      }
    }
    let first = try decode(#"{"titles":["三体：地球往事","球状闪电（长篇科幻小说）"]}"#, for: request)
    let second = try decode(#"{"titles":["球状闪电（长篇科幻小说）","三体：地球往事","流浪地球"]}"#, for: request)
    #expect(second.titles == ["球状闪电（长篇科幻小说）", "三体：地球往事", "流浪地球"])
    #expect(Self.storage(second.titles[0]) == Self.storage(first.titles[1]))
    #expect(Self.storage(second.titles[1]) == Self.storage(first.titles[0]))
    let other = try decode(#"{"titles":["球状闪电（长篇科幻小说）"]}"#, for: ScreenRequest.get("/other").request)
    #expect(other.titles == ["球状闪电（长篇科幻小说）"])
    #expect(Self.storage(other.titles[0]) != Self.storage(first.titles[1]))
    // Without a store (outside the decode stage) nothing is kept or reused.
    let plain = try JSONDecoding.tableFlow.decode(
      Page.self, from: Array(#"{"titles":["球状闪电（长篇科幻小说）"]}"#.utf8))
    #expect(Self.storage(plain.titles[0]) != Self.storage(second.titles[0]))
  }

  @Test("only the last few requests' strings are kept")
  func bounded() {
    let store = DecodedStrings()
    let strings = JSONStringTable.Contents(strings: [], hashes: [])
    for index in 0..<(DecodedStrings.keptRequests + 3) { store.keep(strings, for: "GET /\(index)") }
    #expect(store.strings(for: "GET /0") == nil)
    #expect(store.strings(for: "GET /\(DecodedStrings.keptRequests + 2)") != nil)
  }
}

@Suite("JSONDecoding sharing strings")
struct SharedStringsTests {
  struct Issue: Decodable, Equatable {
    var title: String
    var labels: [String]
  }

  static func storage(_ text: String) -> UnsafePointer<UInt8>? {
    text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
  }

  @Test("long ASCII and non-ASCII strings of the last document are shared; values are as without sharing")
  func sharesAcrossDocuments() throws {
    let shared = JSONDecoding.SharedStrings()
    let first = try JSONDecoding.tableFlow.decode(
      [Issue].self,
      from: Array(#"[{"title":"Crash when the table is empty","labels":["needs-triage-today","短"]}]"#.utf8),
      sharingStringsWith: shared)
    let json =
      #"[{"title":"Crash when the table is empty","labels":["needs-triage-today","a \"quoted\" label here"]},"#
      + #"{"title":"Crash when the table is empty!","labels":[]}]"#
    let second = try JSONDecoding.tableFlow.decode(
      [Issue].self, from: Array(json.utf8), sharingStringsWith: shared)
    #expect(second == (try JSONDecoding.tableFlow.decode([Issue].self, from: Array(json.utf8))))
    #expect(Self.storage(second[0].title) == Self.storage(first[0].title))
    #expect(Self.storage(second[0].labels[0]) == Self.storage(first[0].labels[0]))
    #expect(Self.storage(second[1].title) != Self.storage(first[0].title))
    // Foundation's decoder takes no part, and decodes the same.
    #expect(
      try JSONDecoding.foundation.decode([Issue].self, from: Array(json.utf8), sharingStringsWith: shared)
        == second)
  }
}
