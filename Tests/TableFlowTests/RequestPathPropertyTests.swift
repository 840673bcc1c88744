import Foundation
import TestSupport
import Testing

@testable import TableFlow

/// The URL builder against Foundation's parser on generated ids (the libFuzzer target
/// `tools/fuzz/URLBuilderFuzz.swift` checks the same without Foundation, for millions of runs).
@Suite("Request path properties")
struct RequestPathPropertyTests {
  /// Characters ids are made of: the ones that mean something in a URL, blanks, escapes,
  /// dots and non-ASCII.
  static let alphabet: [Character] = Array("/?#%&=+.:;@ \t\\\"'<>[]{}|^`~-_aZ09é读😀") + ["\u{0}", "\r\n"]

  static func id(_ generator: inout SeededGenerator) -> String {
    let length = Int.random(in: 0...12, using: &generator)
    if length == 1 { return Bool.random(using: &generator) ? "." : ".." }
    return String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
  }

  @Test(
    "20,000 generated ids: each reads back as its own segment, below the base path, with the base's query")
  func generatedIDs() throws {
    var generator = SeededGenerator(seed: 17_07)
    let transport = try HTTPTransport(baseURL: "http://127.0.0.1:9/api/v1?access_token=T")
    for _ in 0..<20_000 {
      let (first, second) = (Self.id(&generator), Self.id(&generator))
      let path: RequestPath = "/book/\(first)/x/\(second)"
      let isDot = [first, second].contains { $0 == "." || $0 == ".." }
      let request = TransportRequest(path: path, query: [NameValue("q", second)])
      guard let urlRequest = try? transport.makeURLRequest(request) else {
        #expect(isDot, "refused \(path)")
        continue
      }
      #expect(!isDot, "sent a dot segment: \(path)")
      let url = try #require(urlRequest.url)
      let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
      #expect(components.host == "127.0.0.1" && components.port == 9)
      #expect(components.fragment == nil)
      let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        .dropFirst().map { $0.removingPercentEncoding }
      #expect(segments == ["api", "v1", "book", first, "x", second], "\(path)")
      #expect(
        components.queryItems == [
          URLQueryItem(name: "access_token", value: "T"), URLQueryItem(name: "q", value: second),
        ])
    }
  }
}
