import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow review on a pseudo-terminal", .timeLimit(.minutes(5)))
struct ReviewTerminalTests {
  @Test("keys typed on the terminal accept one golden and quit, leaving the other for later")
  func acceptThenQuit() throws {
    let corpus = try ReviewCommandTests.Corpus()
    defer { corpus.folder.cleanUp() }
    let child = try CLIChild(["review", corpus.path], terminal: true, input: true)
    let prompt = ReviewCommand.prompt
    #expect(child.readStdout(until: prompt))
    #expect(child.stdoutSoFar.contains("[1/2] \(corpus.path)/books/list.log"))
    child.type("a")
    #expect(child.readStdout(until: prompt, occurrences: 2))
    #expect(child.stdoutSoFar.contains("accepted \(corpus.path)/books/list.log\n"))
    #expect(child.stdoutSoFar.contains("[2/2] \(corpus.path)/profile/main.log"))
    child.type("q")
    let outcome = child.wait()
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.hasSuffix("1 accepted, 0 rejected, 0 skipped, 1 left for later\n"))
    #expect(corpus.read("books/list.log") == "> load\nbooks/list v1: new\n")
    #expect(corpus.read("profile/main.log") == "> load\nprofile/main v1: old\n")
    #expect(corpus.exists("profile/main.log.new"))
  }

  @Test("Ctrl-C on the terminal ends the review with nothing more decided (130)")
  func interrupt() throws {
    let corpus = try ReviewCommandTests.Corpus()
    defer { corpus.folder.cleanUp() }
    let child = try CLIChild(["review", corpus.path], terminal: true, input: true)
    #expect(child.readStdout(until: ReviewCommand.prompt))
    child.type("\u{3}")
    let outcome = child.wait()
    #expect(outcome.status == 130, "\(outcome.stderr)")
    #expect(outcome.stdout.hasSuffix("0 accepted, 0 rejected, 0 skipped, 2 left for later\n"))
    #expect(corpus.exists("books/list.log.new") && corpus.exists("profile/main.log.new"))
  }
}
