import Foundation
import TableFlow
import TestSupport
import Testing

@Suite("TableFlowVersion")
struct TableFlowVersionTests {
  @Test("the version constant is CHANGELOG.md's newest released version")
  func matchesChangelog() throws {
    let path = APIServer.packageRoot.appendingPathComponent("CHANGELOG.md").path
    let changelog = try #require(FileManager.default.contents(atPath: path))
    let released = String(decoding: changelog, as: UTF8.self).split(separator: "\n").compactMap { line in
      // `## [0.1.0] — the first package`; `## [Unreleased]` is not a release.
      line.hasPrefix("## [") ? line.dropFirst(4).prefix { $0 != "]" } : nil
    }.filter { $0.first?.isNumber == true }
    #expect(released.first.map(String.init) == TableFlowVersion.current)
  }

  @Test("the version is MAJOR.MINOR.PATCH")
  func semantic() {
    let parts = TableFlowVersion.current.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
  }
}
