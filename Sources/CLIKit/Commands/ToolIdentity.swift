import TableFlow

/// The name and version a command-line program built on CLIKit calls itself.
///
/// It appears wherever the program names itself: `--help`, `--version`, usage errors and every
/// error line (`NAME: …`), the `tool` in the header of the fixtures it records, and the pages
/// `view` and `verify --html` write. ``Tableflow/main(name:version:feeds:)`` sets it for a
/// user's own program; the built-in one is ``tableflow``.
public struct ToolIdentity: Hashable, Sendable, CustomStringConvertible {
  /// The program's name, as its users type it: `tableflow`, `friends`.
  public var name: String
  /// The program's version, as `--version` prints it.
  public var version: String

  /// Names a program.
  public init(name: String, version: String) {
    self.name = name
    self.version = version
  }

  /// The `tableflow` command, at `TableFlowVersion.current`.
  public static let tableflow = ToolIdentity(name: "tableflow", version: TableFlowVersion.current)

  /// `NAME VERSION`: what `--version` prints and a recorded fixture's header names as its tool.
  public var description: String { "\(name) \(version)" }
}
