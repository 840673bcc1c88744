import Foundation
import TestSupport
import Testing

/// Memory-bound tests skip their bounds under a sanitizer (`Sanitizers.active`); `.ci/run`
/// says which build it runs (`TABLEFLOW_SANITIZER`: `none`, or `thread` for the TSan run), and
/// this checks the detection agrees, so a bound is never skipped by mistake, nor checked against
/// shadow memory.
@Suite("Sanitizer detection")
struct SanitizerDetectionTests {
  static var declared: String? { ProcessInfo.processInfo.environment["TABLEFLOW_SANITIZER"] }

  @Test(
    "Sanitizers.active is true exactly in the sanitizer build CI says it runs",
    .enabled(if: declared != nil, "only .ci/run says which build it runs"))
  func detection() throws {
    let declared = try #require(Self.declared)
    #expect(Sanitizers.active == (declared != "none"), "TABLEFLOW_SANITIZER=\(declared)")
  }
}
