import TableFlow

/// `tableflow feeds`: lists the feeds (a program's own, then the built-in ones) and their screens.
public struct FeedsCommand: TableflowCommand {
  private let feeds: [any Feed]

  init(feeds: [any Feed]) { self.feeds = feeds }

  /// `feeds`' arguments.
  public var spec: CommandSpec {
    CommandSpec(name: "feeds", summary: "Lists the feeds and their screens.")
  }

  /// Prints one block per feed.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
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
