/// A JSON Pointer (RFC 6901) locating a value in an answer: `/collections`, `/data/items`,
/// `/a~1b` (the key `a/b`), `/items/0`; the empty pointer is the whole answer.
struct SpecPointer: Hashable, Sendable, CustomStringConvertible {
  /// The reference tokens, unescaped.
  let tokens: [String]
  /// The pointer as written.
  let description: String

  /// Parses a pointer.
  /// - Throws: the cause, when `text` is neither empty nor starts with `/`, or holds a `~`
  ///   that is not `~0` or `~1`.
  init(_ text: String) throws(SpecTemplateError) {
    description = text
    guard !text.isEmpty else {
      tokens = []
      return
    }
    guard text.hasPrefix("/") else {
      throw SpecTemplateError("a JSON Pointer starts with '/' (got '\(text.prefix(40))')")
    }
    var tokens: [String] = []
    for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var escaping = false
      for character in raw {
        if escaping {
          switch character {
          case "0": token.append("~")
          case "1": token.append("/")
          default: throw SpecTemplateError("'~\(character)' in a JSON Pointer: only ~0 and ~1 are escapes")
          }
          escaping = false
        } else if character == "~" {
          escaping = true
        } else {
          token.append(character)
        }
      }
      if escaping { throw SpecTemplateError("a JSON Pointer ends in '~'") }
      tokens.append(token)
    }
    guard tokens.count <= 64 else { throw SpecTemplateError("a JSON Pointer deeper than 64 tokens") }
    self.tokens = tokens
  }

  /// The value the pointer names in `root` and its coding path, or `nil` when it names none.
  func locate(in root: SpecValue) -> (value: SpecValue, steps: [SpecPath.Step])? {
    var value = root
    var steps: [SpecPath.Step] = []
    steps.reserveCapacity(tokens.count)
    for token in tokens {
      switch value {
      case .object:
        guard let member = value[token] else { return nil }
        value = member
        steps.append(.key(token))
      case .array(let elements):
        // RFC 6901: an index is `0` or digits without a leading zero.
        guard let index = Int(token), String(index) == token, elements.indices.contains(index) else {
          return nil
        }
        value = elements[index]
        steps.append(.index(index))
      default:
        return nil
      }
    }
    return (value, steps)
  }
}
