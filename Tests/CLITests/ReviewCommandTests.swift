import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow review: accepting and rejecting failing goldens", .timeLimit(.minutes(5)))
struct ReviewCommandTests {
  /// A folder holding goldens `books/list.log` and `profile/main.log`, each with a `.new`.
  struct Corpus {
    let folder: TemporaryDirectory
    var path: String { folder.path }

    init() throws {
      folder = try TemporaryDirectory(prefix: "review-tests")
      try FileManager.default.createDirectory(atPath: folder.file("books"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: folder.file("profile"), withIntermediateDirectories: true)
      for name in ["books/list", "profile/main"] {
        try write("> load\n\(name) v1: old\n", to: name + ".log")
        try write("> load\n\(name) v1: new\n", to: name + ".log.new")
      }
    }

    func write(_ text: String, to name: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(name)))
    }

    func read(_ name: String) -> String? {
      FileManager.default.contents(atPath: folder.file(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: folder.file(name)) }
  }

  /// Keys typed in advance.
  struct ScriptedKeys: ReviewKeys {
    let keys: AsyncStream<ReviewStateMachine.Key>

    init(_ typed: String) {
      let (stream, continuation) = AsyncStream.makeStream(of: ReviewStateMachine.Key.self)
      for byte in typed.utf8 { continuation.yield(ReviewStateMachine.Key(byte: byte)) }
      continuation.yield(.endOfInput)
      continuation.finish()
      keys = stream
    }

    func close() {}
  }

  static func review(
    _ arguments: [String], keys: String? = nil, environment: [String: String] = [:]
  ) async -> (code: ExitCode, out: String, err: String) {
    let out = MemorySink()
    let err = MemorySink()
    var io = CommandIO(out: out, err: err, environment: environment)
    io.isInteractive = keys != nil
    let command = ReviewCommand(keys: { keys.map(ScriptedKeys.init) })
    let parsed: ParsedArguments
    do {
      parsed = try command.spec.parse(arguments)
    } catch {
      return (.usage, "", error.message)
    }
    let code = await command.run(parsed, io: io)
    return (code, out.text, err.text)
  }

  @Test("--accept moves every .new over its golden; --reject deletes them")
  func acceptAndRejectAll() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    let accepted = await Self.review([corpus.path, "--accept", "--filter", "books"])
    #expect(accepted.code == .success, "\(accepted.err)")
    #expect(accepted.out == "accepted \(corpus.path)/books/list.log\n1 accepted, 0 rejected, 0 skipped\n")
    #expect(corpus.read("books/list.log") == "> load\nbooks/list v1: new\n")
    #expect(!corpus.exists("books/list.log.new"))
    #expect(corpus.read("profile/main.log") == "> load\nprofile/main v1: old\n")

    let rejected = await Self.review([corpus.path, "--reject"])
    #expect(rejected.code == .success, "\(rejected.err)")
    #expect(rejected.out.hasSuffix("0 accepted, 1 rejected, 0 skipped\n"))
    #expect(corpus.read("profile/main.log") == "> load\nprofile/main v1: old\n")
    #expect(!corpus.exists("profile/main.log.new"))
  }

  @Test("a filter that matches nothing warns, changes nothing and exits 1")
  func filterMatchingNothing() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    let outcome = await Self.review([corpus.path, "--accept", "--filter", "*/photos/*"])
    #expect(outcome.code == .goldenMismatch)
    #expect(outcome.err.contains("warning: --filter '*/photos/*' matches none of the 2 failing goldens"))
    #expect(corpus.exists("books/list.log.new") && corpus.exists("profile/main.log.new"))
  }

  @Test("without a terminal and without --accept or --reject it says what to run and exits 64")
  func notATerminal() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    let outcome = await Self.review([corpus.path])
    #expect(outcome.code == .usage)
    #expect(outcome.err.contains("'tableflow review \(corpus.path) --accept'"))
    #expect(outcome.err.split(separator: "\n").count == 1)
    #expect(corpus.read("books/list.log") == "> load\nbooks/list v1: old\n")
    let both = await Self.review([corpus.path, "--accept", "--reject"])
    #expect(both.code == .usage)
    let missing = await Self.review([corpus.folder.file("nowhere")])
    #expect(missing.code == .noInput)
  }

  @Test("a golden that is a link, or a .new that is not a regular file, is left alone (74)")
  func refusesLinks() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    try corpus.write("elsewhere\n", to: "target.txt")
    try FileManager.default.removeItem(atPath: corpus.folder.file("books/list.log"))
    try FileManager.default.createSymbolicLink(
      atPath: corpus.folder.file("books/list.log"), withDestinationPath: corpus.folder.file("target.txt"))
    try FileManager.default.removeItem(atPath: corpus.folder.file("profile/main.log.new"))
    try FileManager.default.createDirectory(
      atPath: corpus.folder.file("profile/main.log.new"), withIntermediateDirectories: false)
    let outcome = await Self.review([corpus.path, "--accept"])
    #expect(outcome.code == .ioError)
    #expect(outcome.err.contains("books/list.log: the golden is a symbolic link; left as it is"))
    #expect(outcome.err.contains("profile/main.log.new: the new log is a directory"))
    #expect(outcome.out.hasSuffix("0 accepted, 0 rejected, 0 skipped, 2 failed\n"))
    #expect(corpus.read("target.txt") == "elsewhere\n")
    #expect(corpus.exists("books/list.log.new"))
  }

  @Test("a session without a golden yet: accepting creates it")
  func newGolden() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    try corpus.write("> load\nphotos v1\n", to: "photos.log.new")
    let outcome = await Self.review([corpus.path], keys: "sa")
    #expect(outcome.code == .success, "\(outcome.err)")
    #expect(outcome.out.contains("[2/3] \(corpus.path)/photos.log\n"))
    #expect(outcome.out.contains("--- \(corpus.path)/photos.log (none yet: accepting creates it)\n"))
    #expect(outcome.out.contains("accepted \(corpus.path)/photos.log\n"))
    #expect(outcome.out.hasSuffix("1 accepted, 0 rejected, 1 skipped, 1 left for later\n"))
    #expect(corpus.read("photos.log") == "> load\nphotos v1\n")
    #expect(corpus.exists("books/list.log.new"))
  }

  @Test("interactively each golden is shown as a diff and decided by its key")
  func interactive() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    let outcome = await Self.review([corpus.path], keys: "x\nr", environment: ["NO_COLOR": "1"])
    #expect(outcome.code == .success, "\(outcome.err)")
    let prompt = ReviewCommand.prompt
    #expect(
      outcome.out == """

        [1/2] \(corpus.path)/books/list.log
        --- \(corpus.path)/books/list.log
        +++ \(corpus.path)/books/list.log.new
        first difference: line 2, in step 1 (> load)
          > load
        - books/list v1: old
        + books/list v1: new
        \(prompt)x

        \(ReviewCommand.keyHelp)
        \(prompt)r
        rejected \(corpus.path)/books/list.log (deleted \(corpus.path)/books/list.log.new)

        [2/2] \(corpus.path)/profile/main.log
        --- \(corpus.path)/profile/main.log
        +++ \(corpus.path)/profile/main.log.new
        first difference: line 2, in step 1 (> load)
          > load
        - profile/main v1: old
        + profile/main v1: new
        \(prompt)
        0 accepted, 1 rejected, 0 skipped, 1 left for later

        """)
    #expect(!corpus.exists("books/list.log.new"))
    #expect(corpus.read("books/list.log") == "> load\nbooks/list v1: old\n")
    #expect(corpus.exists("profile/main.log.new"))
  }

  @Test("on a colour terminal the diff is coloured, unless NO_COLOR is set")
  func colour() async throws {
    let corpus = try Corpus()
    defer { corpus.folder.cleanUp() }
    let coloured = await Self.review([corpus.path], keys: "q")
    #expect(coloured.out.contains("\u{1B}[31m- books/list v1: old\u{1B}[0m\n"))
    let plain = await Self.review([corpus.path], keys: "q", environment: ["NO_COLOR": "1"])
    #expect(!plain.out.contains("\u{1B}"))
    #expect(plain.out.hasSuffix("0 accepted, 0 rejected, 0 skipped, 2 left for later\n"))
  }
}
