import Foundation
import TableCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` over HTTP, on `URLSession`.
///
/// Requests are relative to a base URL that may carry a path prefix
/// (`http://127.0.0.1:8080/v1` + `/api/profile` → `http://127.0.0.1:8080/v1/api/profile`) and
/// a query, which comes before the request's own items
/// (`http://h/echo?key=K` + `/api/profile?start=0` → `http://h/echo/api/profile?key=K&start=0`).
/// A request path never leaves the base path: characters a path cannot hold (`?`, `#`) are
/// percent-encoded, and a path with a `.` or `..` segment (even percent-encoded) or one that
/// would resolve outside the base path is refused with `.invalidRequest` before anything is
/// sent.
/// Every status is returned as a response; connection failures, timeouts and cancellation
/// throw ``TransportError`` (`.unreachable`, `.timedOut`, `.cancelled`). Cancelling the calling
/// task cancels the request at once. Response headers are sorted by name, so logs and
/// recordings do not depend on hash order.
///
/// Hostile backends are bounded: the body streams in and the request fails with
/// `.responseTooLarge` once its decoded size (after `Content-Encoding`) passes
/// `maximumResponseBytes`, so memory stays near the cap; each request has a total deadline
/// (`timeout`) however slowly the bytes drip. A redirect within the origin (scheme, host and
/// port) is followed; one to another origin fails with `.redirectRefused` unless
/// `followsCrossOriginRedirects`, and even then the configured headers, `Authorization`,
/// `Cookie` and every header named like a secret are dropped first. Credentials in the base URL
/// (`http://user:pw@host`) are sent as an `Authorization: Basic` header, never kept in
/// `baseURL`, and appear with the configured headers in ``addedHeaders`` so a recorder redacts
/// them.
public final class HTTPTransport: Transport {
  /// The default cap on a response body's decoded size: 256 MiB.
  public static let defaultMaximumResponseBytes = 256 << 20

  /// The base URL every request path is appended to, credentials and fragment removed.
  public let baseURL: String
  private let requestURL: RequestURL
  /// Headers added to every request (before the request's own).
  public let headers: [NameValue]
  /// Every header this transport adds itself: `headers`, plus `Authorization: Basic …` when
  /// the base URL carried credentials.
  public let addedHeaders: [NameValue]
  /// The total deadline for requests that do not set one: from sending to the last byte.
  public let defaultTimeout: Duration
  /// The most decoded body bytes a response may have.
  public let maximumResponseBytes: Int
  /// The most decoded body bytes all responses of this transport may have together (`Int.max`:
  /// no cap). A response that would pass it fails with `.responseTooLarge`.
  public let maximumSessionBytes: Int
  /// Whether redirects to another origin are followed (without credentials).
  public let followsCrossOriginRedirects: Bool
  private let session: URLSession
  private let delegate: HTTPSessionDelegate

  /// Creates a transport.
  ///
  /// - Parameters:
  ///   - baseURL: `http://host:port` with an optional path prefix and optional
  ///     `user:password@`; a trailing `/` is ignored.
  ///   - headers: added to every request (for example an `Authorization` header).
  ///   - timeout: the total deadline for requests that do not set their own (default 60 s).
  ///   - maximumResponseBytes: the cap on a body's decoded size (default 256 MiB).
  ///   - maximumSessionBytes: the cap on the decoded size of every body this transport
  ///     receives, together (default: none). Bodies count as they arrive, whether the
  ///     response then fails or not.
  ///   - followsCrossOriginRedirects: follow redirects to another origin, without credentials.
  /// - Throws: ``TransportError`` `.invalidRequest` when `baseURL` is not an http(s) URL.
  public init(
    baseURL: String, headers: [NameValue] = [], timeout: Duration = .seconds(60),
    maximumResponseBytes: Int = HTTPTransport.defaultMaximumResponseBytes,
    maximumSessionBytes: Int = .max, followsCrossOriginRedirects: Bool = false
  ) throws(TransportError) {
    let credentials = Self.splitCredentials(baseURL)
    guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      url.host != nil, let parts = RequestURL(base: credentials?.url ?? baseURL)
    else {
      let shown = credentials?.url ?? baseURL
      throw TransportError(.invalidRequest, "base URL '\(shown)' is not an http or https URL")
    }
    var added = headers
    if let (_, userInfo) = credentials {
      let hasAuthorization = headers.contains { $0.name.lowercased() == "authorization" }
      if !hasAuthorization {
        added.append(NameValue("Authorization", "Basic " + Data(userInfo.utf8).base64EncodedString()))
      }
    }
    self.requestURL = parts
    self.baseURL = parts.base
    self.headers = headers
    self.addedHeaders = added
    self.defaultTimeout = timeout
    self.maximumResponseBytes = max(0, maximumResponseBytes)
    self.maximumSessionBytes = max(0, maximumSessionBytes)
    self.followsCrossOriginRedirects = followsCrossOriginRedirects
    let delegate = HTTPSessionDelegate(
      maximumResponseBytes: max(0, maximumResponseBytes), maximumSessionBytes: max(0, maximumSessionBytes),
      followsCrossOriginRedirects: followsCrossOriginRedirects,
      credentialHeaderNames: Set(added.map { $0.name.lowercased() }))
    self.delegate = delegate
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    // No cookie jar: a cookie URLSession kept and sent on its own would reach the backend (and
    // its echoes the fixture) without the recorder ever seeing it, and a replay could not send
    // it. Only the headers of the request itself are sent, and recorded.
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    self.session = URLSession(
      configuration: configuration, delegate: delegate, delegateQueue: InlineOperationQueue())
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Splits `user:password@` off an absolute URL: the URL without it, and the decoded
  /// `user:password`; `nil` when there is none.
  static func splitCredentials(_ url: String) -> (url: String, userInfo: String)? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let authorityStart = schemeEnd.upperBound
    let authorityEnd =
      url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
    guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return nil }
    let raw = url[authorityStart..<at]
    let decoded = raw.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      .map { $0.removingPercentEncoding ?? String($0) }
      .joined(separator: ":")
    return (String(url[..<authorityStart]) + String(url[url.index(after: at)...]), decoded)
  }

  /// Sends one request; see the type's discussion for errors and cancellation.
  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let urlRequest = try makeURLRequest(request)
    if Task.isCancelled {
      throw TransportError(.cancelled, "\(request.method) \(request.relativeURL) cancelled")
    }
    let start = ContinuousClock.now
    let deadline = request.timeout ?? defaultTimeout
    switch await perform(urlRequest, deadline: deadline) {
    case .response(let response, let body):
      let headers = response.allHeaderFields.compactMap { key, value -> NameValue? in
        guard let name = key as? String else { return nil }
        return NameValue(name, "\(value)")
      }
      .sorted { ($0.name.lowercased(), $0.value) < ($1.name.lowercased(), $1.value) }
      return TransportResponse(
        status: response.statusCode, headers: headers, body: body, elapsed: ContinuousClock.now - start)
    case .tooLarge:
      throw TransportError(
        .responseTooLarge,
        "the body is larger than the \(maximumResponseBytes)-byte cap (--max-response-bytes)")
    case .sessionTooLarge:
      throw TransportError(
        .responseTooLarge,
        "the session's bodies together pass the \(maximumSessionBytes)-byte cap (--max-session-bytes)")
    case .deadlinePassed:
      throw TransportError(.timedOut, "no complete response within \(Self.seconds(deadline)) (--timeout)")
    case .redirectRefused(let origin):
      throw TransportError(
        .redirectRefused,
        "redirected to another origin (\(origin)); not followed (--follow-redirects follows it without credentials)"
      )
    case .failure(let error):
      throw Self.transportError(error, for: request, timeout: deadline)
    }
  }

  func makeURLRequest(_ request: TransportRequest) throws(TransportError) -> URLRequest {
    let joined: String
    switch requestURL.url(path: request.path, query: request.encodedQuery) {
    case .success(let text): joined = text
    case .failure(.relativePath):
      throw TransportError(.invalidRequest, "the path does not start with '/'")
    case .failure(.dotSegment(let segment)):
      throw TransportError(
        .invalidRequest,
        "the path holds the segment '\(TextEscaping.echoed(segment))', which could leave the base path; not sent"
      )
    }
    // What URL resolution makes of it must stay below the base path, on the base's origin.
    guard let url = URL(string: joined),
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      HTTPOrigin(url) == HTTPOrigin(URL(string: requestURL.origin)),
      components.percentEncodedPath.hasPrefix(requestURL.basePath + "/")
    else {
      throw TransportError(.invalidRequest, "the path resolves outside the base URL's path; not sent")
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    let timeout = request.timeout ?? defaultTimeout
    // The idle timeout; the total deadline is enforced separately (see `perform`).
    urlRequest.timeoutInterval = max(0.001, Self.interval(timeout))
    for header in addedHeaders + request.headers {
      urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
    }
    if let body = request.body { urlRequest.httpBody = Data(body) }
    return urlRequest
  }

  private func perform(_ request: URLRequest, deadline: Duration) async -> HTTPSessionDelegate.Outcome {
    let box = Locked<URLSessionTask?>(nil)
    let timer = Locked<Task<Void, Never>?>(nil)
    defer { timer.withLock { $0 }?.cancel() }
    let delegate = delegate
    let session = session
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<HTTPSessionDelegate.Outcome, Never>) in
        let task = session.dataTask(with: request)
        delegate.register(task, continuation: continuation)
        box.withLock { $0 = task }
        let identifier = task.taskIdentifier
        task.resume()
        // The total deadline: a timer that ends the task, however slowly its bytes arrive.
        let deadlineTimer = Task {
          guard (try? await Task.sleep(for: deadline)) != nil else { return }
          delegate.deadlinePassed(taskIdentifier: identifier)
        }
        timer.withLock { $0 = deadlineTimer }
        if Task.isCancelled { task.cancel() }
      }
    } onCancel: {
      box.withLock { $0 }?.cancel()
    }
  }

  private static func interval(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func seconds(_ duration: Duration) -> String {
    let value = interval(duration)
    return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  /// The error for a failed request; messages leave the request out, since the pipeline
  /// names it.
  static func transportError(
    _ error: any Error, for request: TransportRequest, timeout: Duration
  ) -> TransportError {
    guard let urlError = error as? URLError else {
      return TransportError(.unreachable, error.localizedDescription)
    }
    switch urlError.code {
    case .cancelled:
      return TransportError(.cancelled, "the request was cancelled")
    case .timedOut:
      return TransportError(.timedOut, "no response within \(timeout)")
    case .cannotConnectToHost:
      return TransportError(.unreachable, "connection refused")
    case .networkConnectionLost:
      return TransportError(.unreachable, "connection closed without a response")
    case .cannotFindHost, .dnsLookupFailed:
      return TransportError(.unreachable, "unknown host")
    case .badURL, .unsupportedURL:
      return TransportError(.invalidRequest, urlError.localizedDescription)
    default:
      return TransportError(
        .unreachable, "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
    }
  }
}
