import Dispatch
import Foundation
import Testing

@testable import TableFlow

/// "The bodies of one batch decode in parallel" (DecodeStage): two bodies whose decoders each
/// wait for the other to have started can only both finish when they run at the same time.
@Suite(
  "The bodies of one batch decode in parallel", .timeLimit(.minutes(1)),
  .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two threads in the pool"))
struct ParallelDecodeTests {
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
    let result = await decoder.decode(received)
    let pages = try #require(try result.get() as? TypedPages<ItemPage>)
    let sides = pages.pages.map { page -> Int? in
      guard case .other(let model) = page else { return nil }
      return (model as? Met)?.side
    }
    #expect(sides == [0, 1])
  }
}
