import Foundation

/// The controller a UIKit data source forwards delegate calls to, readable from any thread:
/// the Objective-C runtime asks `responds(to:)` and `forwardingTarget(for:)` outside the main
/// actor's isolation.
///
/// `@unchecked Sendable` is safe: `object`, the only mutable state, is read and written only
/// while holding `lock`.
final class ForwardedDelegate: @unchecked Sendable {
  private let lock = NSLock()
  private weak var object: AnyObject?

  /// The controller, if it is still alive.
  var current: AnyObject? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return object
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      object = newValue
    }
  }
}
