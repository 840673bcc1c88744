import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A delegate queue that runs each callback at once, on the thread that hands it over.
///
/// URLSession queues every received body chunk for its delegate. On loopback it can read far
/// faster than a queue drains, so with an ordinary queue hundreds of megabytes of chunks pile
/// up before the delegate even sees that the cap was passed (measured: 0.3–0.9 GB for a 1 MiB
/// cap). Run inline, each chunk is counted (and dropped past the cap) while URLSession waits,
/// which bounds memory by the cap. The price: a callback must never call back into the task
/// synchronously (`HTTPSessionDelegate` cancels from another thread).
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
  // Safety of `@unchecked Sendable`: the subclass adds no state; OperationQueue's own state is
  // guarded by Foundation, and `addOperation(_:)` only calls the block.

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }
}
