/// What a command accepts: its positional arguments, options that take values, and flags.
///
/// A spec drives both parsing and the `--help` text, so the two never disagree.
public struct CommandSpec: Sendable {
  /// A positional argument.
  public struct Positional: Sendable {
    /// The name shown in usage, e.g. `FIXTURE`.
    public var name: String
    /// Whether the argument must be given.
    public var isRequired: Bool
    /// Whether more may follow (only for the last positional), as in `FIXTURE…`.
    public var isRepeatable: Bool
    /// One line of help.
    public var help: String

    /// Creates a positional argument.
    public init(_ name: String, required: Bool = true, repeatable: Bool = false, help: String) {
      self.name = name
      self.isRequired = required
      self.isRepeatable = repeatable
      self.help = help
    }
  }

  /// An option that takes a value, e.g. `--format text`.
  public struct Option: Sendable {
    /// The long name with its dashes, e.g. `--format`.
    public var name: String
    /// The value's name shown in usage, e.g. `FORMAT`.
    public var valueName: String
    /// The values allowed, or `nil` for any.
    public var allowed: [String]?
    /// Whether the option may be given more than once.
    public var isRepeatable: Bool
    /// One line of help.
    public var help: String

    /// Creates an option.
    public init(
      _ name: String, value valueName: String, allowed: [String]? = nil, repeatable: Bool = false,
      help: String
    ) {
      self.name = name
      self.valueName = valueName
      self.allowed = allowed
      self.isRepeatable = repeatable
      self.help = help
    }
  }

  /// A flag that takes no value, e.g. `--full`.
  public struct Flag: Sendable {
    /// The long name with its dashes.
    public var name: String
    /// One line of help.
    public var help: String

    /// Creates a flag.
    public init(_ name: String, help: String) {
      self.name = name
      self.help = help
    }
  }

  /// The command's name as typed after the program's, e.g. `replay`.
  public var name: String
  /// The program's name, shown in usage and errors (`tableflow` unless ``named(_:)`` says).
  public var toolName = "tableflow"
  /// One line saying what the command does.
  public var summary: String
  /// The positional arguments in order.
  public var positionals: [Positional]
  /// The options that take values.
  public var options: [Option]
  /// The flags.
  public var flags: [Flag]
  /// Extra paragraphs printed after the option list in `--help`.
  public var discussion: String

  /// Creates a spec.
  public init(
    name: String, summary: String, positionals: [Positional] = [], options: [Option] = [],
    flags: [Flag] = [], discussion: String = ""
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.flags = flags
    self.discussion = discussion
  }

  /// This spec for the program called `toolName`: its usage, errors and help name that
  /// program, also where the help texts quote a `'tableflow …'` command line.
  public func named(_ toolName: String) -> CommandSpec {
    guard toolName != self.toolName else { return self }
    let quoted = "'" + self.toolName + " "
    let renamed = { (text: String) in text.replacing(quoted, with: "'" + toolName + " ") }
    var spec = self
    spec.toolName = toolName
    spec.summary = renamed(summary)
    spec.discussion = renamed(discussion)
    for index in spec.positionals.indices { spec.positionals[index].help = renamed(positionals[index].help) }
    for index in spec.options.indices { spec.options[index].help = renamed(options[index].help) }
    for index in spec.flags.indices { spec.flags[index].help = renamed(flags[index].help) }
    return spec
  }

  /// The one-line usage, e.g. `tableflow replay FIXTURE [--format FORMAT] [--full]`.
  public var usage: String {
    var parts = [toolName, name]
    for positional in positionals {
      let shown = positional.name + (positional.isRepeatable ? "..." : "")
      parts.append(positional.isRequired ? shown : "[\(shown)]")
    }
    for option in options {
      let allowed = option.allowed.map { $0.joined(separator: "|") } ?? option.valueName
      parts.append("[\(option.name) \(allowed)]" + (option.isRepeatable ? "..." : ""))
    }
    for flag in flags { parts.append("[\(flag.name)]") }
    return parts.joined(separator: " ")
  }

  /// The full `--help` text.
  public var helpText: String {
    var lines = ["\(summary)", "", "usage: \(usage)"]
    let rows: [(String, String)] =
      positionals.map { ($0.name, $0.help) }
      + options.map { ("\($0.name) \($0.valueName)", $0.help + ($0.isRepeatable ? " (repeatable)" : "")) }
      + flags.map { ($0.name, $0.help) } + [("-h, --help", "show this help")]
    let width = rows.map(\.0.count).max() ?? 0
    lines.append("")
    for (left, right) in rows {
      lines.append("  " + left + String(repeating: " ", count: width - left.count + 2) + right)
    }
    if !discussion.isEmpty {
      lines.append("")
      lines.append(discussion)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
