import Foundation
import TestSupport
import Testing

/// README.md and the DocC articles show real commands, real output and real files: each block
/// `tools/extract-snippets.py` lists is run or compared here (the Swift blocks are compiled,
/// in `Generated/`).
@Suite("Documented blocks")
struct DocumentedBlockTests {
  @Test("a documented block is true of the code", arguments: documentedBlocks)
  func documented(_ block: DocumentedBlock) throws {
    switch block.check {
    case .commands(let commands, let exit):
      let folder = try DocumentedCommandFolder()
      defer { folder.cleanUp() }
      for command in commands {
        let outcome = try folder.run(command.arguments)
        let shown = "tableflow " + command.arguments.joined(separator: " ")
        #expect(
          outcome.status == exit,
          "\(block.source): `\(shown)` exited \(outcome.status), not \(exit): \(outcome.stderr)")
        if let output = command.output {
          expectExcerpt(output, of: outcome.stdout + outcome.stderr, "the output of `\(shown)`", block)
        }
      }
    case .excerpt(let path, let ignoringDocComments, let lines):
      let file = APIServer.packageRoot.appendingPathComponent(path)
      let text = try String(contentsOf: file, encoding: .utf8)
      if ignoringDocComments {
        let code = { (line: String) in !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
        expectExcerpt(
          lines.filter(code),
          of: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter(code)
            .joined(separator: "\n"), path, block)
      } else {
        expectExcerpt(lines, of: text, path, block)
      }
    case .output(let arguments, let lines):
      let folder = try DocumentedCommandFolder()
      defer { folder.cleanUp() }
      let outcome = try folder.run(arguments)
      expectExcerpt(
        lines, of: outcome.stdout + outcome.stderr,
        "the output of `tableflow \(arguments.joined(separator: " "))`", block)
    }
  }

  private func expectExcerpt(_ lines: [String], of text: String, _ what: String, _ block: DocumentedBlock) {
    let actual = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let match = ExcerptMatch(pattern: lines)
    let missing = match.firstMissing(in: actual).map { "; not found in order: \($0)" } ?? ""
    let found = match.isFound(in: actual)
    #expect(found, "\(block.source): the block is not an excerpt of \(what)\(missing)")
  }
}
