import Foundation

/// A URL's origin: scheme, host and port (the default port filled in), compared exactly.
///
/// Credentials may follow a redirect only within one origin: `http://a:80` and `http://a` are
/// the same origin, `https://a` and `http://a` are not, nor are two ports of one host.
struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
  var scheme: String
  var host: String
  var port: Int

  /// The origin of `url`, or `nil` when it has no scheme or host.
  init?(_ url: URL?) {
    guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }

  /// `scheme://host:port`.
  var description: String { "\(scheme)://\(host):\(port)" }
}
