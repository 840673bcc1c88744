import Foundation

/// What a data source does with a ``CellConfigurationError``, besides showing the placeholder
/// cell (which it always does). Each distinct error is reported once.
public struct CellErrorReporting {
  private let report: @MainActor (CellConfigurationError) -> Void

  /// Reports each error by calling `report` on the main actor.
  public init(_ report: @escaping @MainActor (CellConfigurationError) -> Void) {
    self.report = report
  }

  /// In debug builds (`DEBUG` defined), an assertion failure with the error's message, as
  /// UIKit itself traps on an unregistered reuse identifier; in release builds,
  /// ``standardError``.
  public static var standard: CellErrorReporting {
    #if DEBUG
    CellErrorReporting { error in assertionFailure("TableFlowUIKit: \(error)") }
    #else
    standardError
    #endif
  }

  /// One line on the standard error, `TableFlowUIKit: ERROR`.
  public static var standardError: CellErrorReporting {
    CellErrorReporting { error in
      FileHandle.standardError.write(Data("TableFlowUIKit: \(error)\n".utf8))
    }
  }

  /// Reports `error`.
  @MainActor
  func callAsFunction(_ error: CellConfigurationError) { report(error) }
}
