/// The arguments of one command after parsing: positionals, option values and flags.
public struct ParsedArguments: Sendable, Equatable {
  /// The positional arguments in order.
  public var positionals: [String] = []
  /// Every value given for each option, in order, keyed by the option's long name.
  public var values: [String: [String]] = [:]
  /// The flags given.
  public var flags: Set<String> = []
  /// Whether `-h` or `--help` was given.
  public var wantsHelp = false

  /// Creates an empty result.
  public init() {}

  /// The last value given for `option`, or `nil`.
  public func value(_ option: String) -> String? { values[option]?.last }

  /// Every value given for a repeatable `option`, in order.
  public func allValues(_ option: String) -> [String] { values[option] ?? [] }

  /// Whether `flag` was given.
  public func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The positional at `index`, or `nil` when fewer were given.
  public func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }
}
