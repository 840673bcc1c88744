#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the package's one lock (TableFlow's stages and bus, CLIKit's
/// output, the package's tests). `package`, not public: the demo feeds use only public API.
///
/// Used instead of `Synchronization.Mutex` for two reasons. `Mutex` and `Atomic` exist only
/// from iOS 18 / macOS 15 / tvOS 18 / watchOS 11 / visionOS 2, newer than the package's
/// minimum platforms, while pthreads exist everywhere. And ThreadSanitizer cannot see
/// `Mutex`'s futex-based locking on Linux and reports every guarded access as a race
/// (checked with a four-task counter: one false report per run), which would hide real races
/// in `.ci/run`'s TSan pass; it intercepts `pthread_mutex_lock`, so it sees this lock.
package final class Locked<Value>: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `storage` is read and written only inside `withLock`,
  // between `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`, so at most one thread
  // touches the value at a time, and the unlock/lock pair orders each access before the next.
  // Both pointers are allocated once and never moved (pthreads needs a stable mutex address)
  // and are freed in `deinit`, when no other reference exists.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let storage: UnsafeMutablePointer<Value>

  /// Creates a lock guarding `value`.
  package init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    storage = .allocate(capacity: 1)
    storage.initialize(to: value)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&storage.pointee)
  }
}
