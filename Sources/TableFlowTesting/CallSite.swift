#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where an assertion was called, as both test frameworks place a failure.
struct CallSite: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// Fails the running test with `message` at this place, in whichever framework runs it: an
  /// issue in a Swift Testing test (`Test.current` is set), `XCTFail` in an XCTest test.
  ///
  /// Each framework ignores the other's failures (an `Issue.record` in an XCTest test passes,
  /// and so does an `XCTFail` in a Swift Testing test), hence the choice at run time.
  func fail(_ message: String) {
    #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: String(describing: fileID), filePath: String(describing: filePath), line: Int(line),
          column: Int(column)))
      return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #elseif canImport(Testing)
    Issue.record(Comment(rawValue: message))
    #endif
  }
}
