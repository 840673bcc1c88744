import Testing

/// One code block of README.md or a DocC article that a test runs or compares (the blocks that
/// are compiled are in `Generated/` as code). `tools/extract-snippets.py` writes the list.
struct DocumentedBlock: Sendable, CustomTestStringConvertible {
  /// What the test does with the block.
  enum Check: Sendable {
    /// Run each command with the built `tableflow`; each must exit with `exit`, and print the
    /// command's `output` lines (an excerpt) when they are given.
    case commands([DocumentedCommand], exit: Int32)
    /// The block is an excerpt of the file at `path` (relative to the package root).
    case excerpt(of: String, ignoringDocComments: Bool, lines: [String])
    /// The block is an excerpt of what `tableflow arguments…` prints.
    case output(of: [String], lines: [String])
  }

  /// Where the block starts: `README.md:12`.
  var source: String
  /// What to check.
  var check: Check

  var testDescription: String { source }
}

/// One `tableflow` command of a documented block.
struct DocumentedCommand: Sendable {
  /// The arguments after `tableflow`.
  var arguments: [String]
  /// The lines the page shows after the command, if it shows any.
  var output: [String]?
}
