import TableFlow

/// `tableflow feeds`: lists the feeds (a program's own, then the built-in ones) and their screens.
public struct FeedsCommand: TableflowCommand {
  private let feeds: [any Feed]

  init(feeds: [any Feed]) { self.feeds = feeds }

  /// `feeds`' arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "feeds", summary: "Lists the feeds and their screens.",
      options: [
        .init("--spec", value: "SPEC", repeatable: true, help: "list the feed a spec file describes instead")
      ])
  }

  /// Prints one block per feed.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    var feeds = self.feeds
    let specs = arguments.allValues("--spec")
    if !specs.isEmpty {
      do {
        feeds = try specs.map { path throws(CommandFailure) in try SpecFeedLoading.load(path, io: io) }
      } catch {
        io.fail(error.message)
        return error.code
      }
    }
    let width = feeds.map(\.name.count).max() ?? 0
    for feed in feeds {
      let padding = String(repeating: " ", count: width - feed.name.count + 2)
      io.out.line(feed.name + padding + feed.summary)
      if !feed.screenNames.isEmpty {
        io.out.line(
          String(repeating: " ", count: width + 2) + "screens: " + feed.screenNames.joined(separator: ", "))
      }
    }
    return .success
  }
}
