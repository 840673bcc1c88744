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
/// Its callbacks run inline on URLSession's queue (`InlineOperationQueue`), so a chunk past the
/// cap is dropped before the next one is read.
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// How a request ended.
  enum Outcome: Sendable {
    case response(HTTPURLResponse, [UInt8])
    case failure(any Error)
    /// The body grew past the cap; the task was cancelled.
    case tooLarge
    /// The session's bodies together grew past the session's cap; the task was cancelled.
    case sessionTooLarge
    /// The total deadline passed; the task was cancelled.
    case deadlinePassed
    /// The server redirected to another origin and following was not allowed.
    case redirectRefused(HTTPOrigin)
  }

  private struct Exchange {
    var task: URLSessionTask
    var continuation: CheckedContinuation<Outcome, Never>
    var origin: HTTPOrigin?
    var body = BodyBuffer()
    var ending: Outcome?
  }

  /// A body growing chunk by chunk, by reference: appending never copies what came before.
  /// Only touched under the `exchanges` lock.
  private final class BodyBuffer {
    var data = Data()
  }

  /// The most decoded body bytes a response may have.
  let maximumResponseBytes: Int
  /// The most decoded body bytes all responses of the session may have together.
  let maximumSessionBytes: Int
  /// The decoded body bytes received so far, every response together.
  private let received = Locked(0)
  /// Whether redirects to another origin are followed (without credentials).
  let followsCrossOriginRedirects: Bool
  /// Lower-cased names of the headers never sent to another origin.
  let credentialHeaderNames: Set<String>
  private let exchanges = Locked<[Int: Exchange]>([:])

  init(
    maximumResponseBytes: Int, maximumSessionBytes: Int = .max, followsCrossOriginRedirects: Bool,
    credentialHeaderNames: Set<String>
  ) {
    self.maximumResponseBytes = maximumResponseBytes
    self.maximumSessionBytes = maximumSessionBytes
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
      table[taskIdentifier]?.body.data = Data()
      return table[taskIdentifier]?.task
    }
    // Callbacks run on URLSession's own queue (see `InlineOperationQueue`), where cancelling
    // synchronously would wait for that queue: cancel from elsewhere.
    if cancelling, let task { DispatchQueue.global().async { task.cancel() } }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    // An announced length over the cap fails before any of the body is read. (Without
    // Content-Encoding the announced length is the decoded length; with it, the streamed
    // count below decides.)
    let encoded = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") != nil
    if !encoded, response.expectedContentLength > Int64(maximumResponseBytes) {
      completionHandler(.cancel)
      end(dataTask.taskIdentifier, with: .tooLarge)
      return
    }
    if !encoded, response.expectedContentLength > Int64(maximumSessionBytes - received.withLock { $0 }) {
      completionHandler(.cancel)
      end(dataTask.taskIdentifier, with: .sessionTooLarge)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overCap = exchanges.withLock { table -> Outcome? in
      guard let exchange = table[dataTask.taskIdentifier], exchange.ending == nil else { return nil }
      // URLSession hands over decoded bytes (after Content-Encoding), so the cap counts what
      // would be held in memory, not what crossed the wire. The chunk is checked before it is
      // kept, so the body never holds more than the cap. (Appending `Data` to `Data` copies
      // once, in Foundation's optimised code: the delegate must keep up with the network, or
      // chunks queue up for it.)
      guard exchange.body.data.count + data.count <= maximumResponseBytes else { return .tooLarge }
      // The session's cap counts every body received, kept or not, so a session of many large
      // answers stops growing (the lock order is always `exchanges`, then `received`).
      let withinSession = received.withLock { total in
        guard total + data.count <= maximumSessionBytes else { return false }
        total += data.count
        return true
      }
      guard withinSession else { return .sessionTooLarge }
      exchange.body.data.append(data)
      return nil
    }
    if let overCap { end(dataTask.taskIdentifier, with: overCap) }
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
      outcome = .response(response, [UInt8](exchange.body.data))
    } else {
      outcome = .failure(URLError(.badServerResponse))
    }
    exchange.continuation.resume(returning: outcome)
  }
}
