import TableCore

/// A command line that does not fit its command: exit code 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What was expected and what was found, in one line.
  public var message: String

  /// Creates a usage error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

extension CommandSpec {
  /// Parses `arguments` (without the command's name) against this spec.
  ///
  /// Accepts `--name value` and `--name=value`; `--` ends options; `-h`/`--help` anywhere
  /// asks for help and skips the remaining checks.
  /// - Throws: `UsageError` naming the offending argument and what was expected.
  /// - Complexity: O(n) in the number of arguments.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      result.wantsHelp = true
      return result
    }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = Self.split(argument)
      if let flag = flags.first(where: { $0.name == name }) {
        guard inlineValue == nil else {
          throw UsageError("\(flag.name) takes no value (got '\(TextEscaping.echoed(argument))')")
        }
        result.flags.insert(flag.name)
      } else if let option = options.first(where: { $0.name == name }) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError("\(option.name) expects a value: \(option.name) \(option.valueName)")
        }
        if let allowed = option.allowed, !allowed.contains(value) {
          throw UsageError(
            "\(option.name) expects one of \(allowed.joined(separator: ", ")) (got '\(TextEscaping.echoed(value))')"
          )
        }
        if !option.isRepeatable, result.values[option.name] != nil {
          throw UsageError("\(option.name) may be given only once")
        }
        result.values[option.name, default: []].append(value)
      } else {
        throw UsageError(
          "unknown option '\(TextEscaping.echoed(name))' for '\(self.name)'; see '\(toolName) \(self.name) --help'"
        )
      }
    }
    let required = positionals.filter(\.isRequired).count
    if result.positionals.count < required {
      let missing = positionals[result.positionals.count].name
      throw UsageError("missing argument \(missing); usage: \(usage)")
    }
    if result.positionals.count > positionals.count, positionals.last?.isRepeatable != true {
      throw UsageError(
        "unexpected argument '\(TextEscaping.echoed(result.positionals[positionals.count]))'; usage: \(usage)"
      )
    }
    return result
  }

  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
