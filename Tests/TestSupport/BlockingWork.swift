import Foundation

/// Runs `work` on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool: a test that blocks for long (writing a large file, waiting for a child
/// process) would otherwise take one of the pool's few threads (two on a 2-core machine) from
/// every other test running beside it, and their time limits would run out.
public func runOffThePool<Value: Sendable>(
  _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try work() })
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
