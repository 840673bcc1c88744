import FixtureKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives `HTTPTransport`'s responses as they stream in: enforces the size cap on decoded
/// bytes, the total deadline, and the redirect policy, and completes each request once.
///
/// One delegate serves every task of the transport's session; each task's state lives in a
/// table behind a lock, keyed by task identifier, from `register` until the task completes.
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// How a request ended.
  enum Outcome: Sendable {
    case response(HTTPURLResponse, [UInt8])
    case failure(any Error)
    /// The body grew past the cap; the task was cancelled.
    case tooLarge
    /// The total deadline passed; the task was cancelled.
    case deadlinePassed
    /// The server redirected to another origin and following was not allowed.
    case redirectRefused(HTTPOrigin)
  }

  private struct Exchange {
    var task: URLSessionTask
    var continuation: CheckedContinuation<Outcome, Never>
    var origin: HTTPOrigin?
    var body: [UInt8] = []
    var ending: Outcome?
  }

  /// The most decoded body bytes a response may have.
  let maximumResponseBytes: Int
  /// Whether redirects to another origin are followed (without credentials).
  let followsCrossOriginRedirects: Bool
  /// Lower-cased names of the headers never sent to another origin.
  let credentialHeaderNames: Set<String>
  private let exchanges = Locked<[Int: Exchange]>([:])

  init(maximumResponseBytes: Int, followsCrossOriginRedirects: Bool, credentialHeaderNames: Set<String>) {
    self.maximumResponseBytes = maximumResponseBytes
    self.followsCrossOriginRedirects = followsCrossOriginRedirects
    self.credentialHeaderNames = credentialHeaderNames
  }

  /// Starts tracking `task`; its outcome resumes `continuation` exactly once.
  func register(_ task: URLSessionTask, continuation: CheckedContinuation<Outcome, Never>) {
    let origin = HTTPOrigin(task.originalRequest?.url)
    exchanges.withLock {
      $0[task.taskIdentifier] = Exchange(task: task, continuation: continuation, origin: origin)
    }
  }

  /// Ends the task whose deadline passed (nothing happens when it already completed).
  func deadlinePassed(taskIdentifier: Int) {
    end(taskIdentifier, with: .deadlinePassed)
  }

  private func end(_ taskIdentifier: Int, with outcome: Outcome, cancelling: Bool = true) {
    let task = exchanges.withLock { table -> URLSessionTask? in
      guard table[taskIdentifier] != nil, table[taskIdentifier]?.ending == nil else { return nil }
      table[taskIdentifier]?.ending = outcome
      table[taskIdentifier]?.body = []
      return table[taskIdentifier]?.task
    }
    if cancelling { task?.cancel() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overCap = exchanges.withLock { table -> Bool in
      guard var exchange = table[dataTask.taskIdentifier], exchange.ending == nil else { return false }
      // URLSession hands over decoded bytes (after Content-Encoding), so the cap counts what
      // would be held in memory, not what crossed the wire.
      guard exchange.body.count + data.count <= maximumResponseBytes else { return true }
      table[dataTask.taskIdentifier] = nil
      exchange.body.append(contentsOf: data)
      table[dataTask.taskIdentifier] = exchange
      return false
    }
    if overCap { end(dataTask.taskIdentifier, with: .tooLarge) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let origin = exchanges.withLock { $0[task.taskIdentifier]?.origin }
    guard let target = HTTPOrigin(request.url), let origin, target != origin else {
      completionHandler(request)
      return
    }
    guard followsCrossOriginRedirects else {
      // Not following ends the task with the redirect itself; its outcome is the refusal.
      end(task.taskIdentifier, with: .redirectRefused(target), cancelling: false)
      completionHandler(nil)
      return
    }
    completionHandler(withoutCredentials(request))
  }

  /// `request` without any credential header: configured ones, authorization, cookies and
  /// anything named like a secret.
  func withoutCredentials(_ request: URLRequest) -> URLRequest {
    var stripped = request
    for name in (request.allHTTPHeaderFields ?? [:]).keys {
      let lower = name.lowercased()
      if credentialHeaderNames.contains(lower) || Redaction.standard.isSecretName(lower) {
        stripped.setValue(nil, forHTTPHeaderField: name)
      }
    }
    return stripped
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    let outcome: Outcome
    if let ending = exchange.ending {
      outcome = ending
    } else if let error {
      outcome = .failure(error)
    } else if let response = task.response as? HTTPURLResponse {
      outcome = .response(response, exchange.body)
    } else {
      outcome = .failure(URLError(.badServerResponse))
    }
    exchange.continuation.resume(returning: outcome)
  }
}
