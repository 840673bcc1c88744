import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` over HTTP, on `URLSession`.
///
/// Requests are relative to a base URL that may carry a path prefix
/// (`http://127.0.0.1:8080/v1` + `/api/profile` → `http://127.0.0.1:8080/v1/api/profile`).
/// Every status is returned as a response; connection failures, timeouts and cancellation
/// throw ``TransportError`` (`.unreachable`, `.timedOut`, `.cancelled`). Cancelling the calling
/// task cancels the request at once. Response headers are sorted by name, so logs and
/// recordings do not depend on hash order.
public final class HTTPTransport: Transport {
  /// The base URL every request path is appended to.
  public let baseURL: String
  /// Headers added to every request (before the request's own).
  public let headers: [NameValue]
  /// The timeout for requests that do not set one.
  public let defaultTimeout: Duration
  private let session: URLSession

  /// Creates a transport.
  ///
  /// - Parameters:
  ///   - baseURL: `http://host:port` with an optional path prefix; a trailing `/` is ignored.
  ///   - headers: added to every request (for example an `Authorization` header).
  ///   - timeout: for requests that do not set their own.
  /// - Throws: ``TransportError`` `.invalidRequest` when `baseURL` is not an http(s) URL.
  public init(
    baseURL: String, headers: [NameValue] = [], timeout: Duration = .seconds(30)
  ) throws(TransportError) {
    var base = baseURL
    while base.hasSuffix("/") { base.removeLast() }
    guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw TransportError(.invalidRequest, "base URL '\(baseURL)' is not an http or https URL")
    }
    self.baseURL = base
    self.headers = headers
    self.defaultTimeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    self.session = URLSession(configuration: configuration)
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Sends one request; see the type's discussion for errors and cancellation.
  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let urlRequest = try makeURLRequest(request)
    if Task.isCancelled {
      throw TransportError(.cancelled, "\(request.method) \(request.relativeURL) cancelled")
    }
    let start = ContinuousClock.now
    let outcome = await perform(urlRequest)
    switch outcome {
    case .success(let (body, response)):
      let headers = response.allHeaderFields.compactMap { key, value -> NameValue? in
        guard let name = key as? String else { return nil }
        return NameValue(name, "\(value)")
      }
      .sorted { ($0.name.lowercased(), $0.value) < ($1.name.lowercased(), $1.value) }
      return TransportResponse(
        status: response.statusCode, headers: headers, body: [UInt8](body),
        elapsed: ContinuousClock.now - start)
    case .failure(let error):
      throw Self.transportError(error, for: request, timeout: request.timeout ?? defaultTimeout)
    }
  }

  func makeURLRequest(_ request: TransportRequest) throws(TransportError) -> URLRequest {
    guard request.path.hasPrefix("/"), let url = URL(string: baseURL + request.relativeURL) else {
      throw TransportError(
        .invalidRequest, "cannot form a URL from '\(baseURL)' and '\(request.relativeURL)'")
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    let timeout = request.timeout ?? defaultTimeout
    urlRequest.timeoutInterval =
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    for header in headers + request.headers {
      urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
    }
    if let body = request.body { urlRequest.httpBody = Data(body) }
    return urlRequest
  }

  private func perform(_ request: URLRequest) async -> Result<(Data, HTTPURLResponse), any Error> {
    let box = Locked<URLSessionDataTask?>(nil)
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<(Data, HTTPURLResponse), any Error>, Never>) in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(returning: .failure(error))
          } else if let response = response as? HTTPURLResponse {
            continuation.resume(returning: .success((data ?? Data(), response)))
          } else {
            continuation.resume(returning: .failure(URLError(.badServerResponse)))
          }
        }
        box.withLock { $0 = task }
        task.resume()
        if Task.isCancelled { task.cancel() }
      }
    } onCancel: {
      box.withLock { $0 }?.cancel()
    }
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
