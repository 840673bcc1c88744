import Foundation
import TestSupport
import Testing

@Suite("LICENSE")
struct LicenseTests {
  @Test("LICENSE is the full Apache License 2.0, copyright the TableFlow authors")
  func apacheLicense() throws {
    let path = APIServer.packageRoot.appendingPathComponent("LICENSE").path
    let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    #expect(text.contains("Apache License\n                           Version 2.0, January 2004"))
    // The nine sections of the terms, in order, and their end.
    let headings = [
      "1. Definitions.", "2. Grant of Copyright License.", "3. Grant of Patent License.",
      "4. Redistribution.", "5. Submission of Contributions.", "6. Trademarks.",
      "7. Disclaimer of Warranty.", "8. Limitation of Liability.",
      "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS",
    ]
    var rest = text[...]
    for heading in headings {
      let found = try #require(rest.range(of: heading), "missing or out of order: \(heading)")
      rest = rest[found.upperBound...]
    }
    #expect(text.contains("Copyright 2026 the TableFlow authors"))
    #expect(!text.contains("[yyyy]"))
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count > 190)
  }
}
