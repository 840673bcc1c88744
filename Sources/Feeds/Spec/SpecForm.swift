import TableCore
import TableFlow

/// A row of a form (seed C): a text field (`edit`) or a switch (`toggle`), whose value is
/// what the user typed or flipped, read as `${form.NAME}` by the screen's templates and sent by
/// a submit.
struct SpecFormField: Sendable {
  enum Kind: Sendable {
    /// A text field; a secure one reads as `••••` in templates (the typed text only goes into a
    /// submit's body); `rules` check what was typed.
    case text(isSecure: Bool, rules: [SpecRule])
    /// A switch.
    case toggle
  }

  /// The value's name, `form.NAME`.
  var name: String
  var kind: Kind
  /// The value before the user edits it (a template over `params`); empty, or off.
  var initial: SpecTemplate?
}

/// A validation rule of a text field; the message is `form.problem` while it fails.
struct SpecRule: Sendable {
  enum Test: Sendable {
    /// Something other than white space.
    case required
    /// At least this many characters.
    case minLength(Int)
    /// The whole text matches the pattern.
    case pattern(SpecPattern)
  }

  var test: Test
  var message: String

  func accepts(_ text: String) -> Bool {
    switch test {
    case .required: return text.contains { !$0.isWhitespace }
    case .minLength(let count): return text.count >= count
    case .pattern(let pattern): return pattern.matches(text)
    }
  }
}

/// What the user typed and flipped on a screen, by form field: the `form` of its templates.
struct SpecFormValues: Hashable, Sendable {
  /// Each field's value, as typed (secure ones too: only a submit's body reads them).
  var values: [String: SpecFormValue] = [:]
  /// The message of the first rule that fails, in the order of the screen's fields.
  var problem: String?

  /// The template variable `form`: each field's value (a secure one masked), `valid`, `problem`.
  var scopeValue: SpecValue {
    var members: [SpecMember] = []
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      switch value {
      case .text(let text, let isSecure):
        members.append(SpecMember(name, .string(isSecure && !text.isEmpty ? Intent.secureMask : text)))
      case .toggle(let isOn): members.append(SpecMember(name, .bool(isOn)))
      }
    }
    members.append(SpecMember("valid", .bool(problem == nil)))
    if let problem { members.append(SpecMember("problem", .string(problem))) }
    return .object(members)
  }

  /// The JSON object of the fields `names`, keys sorted: a submit's body.
  func body(_ names: [String]) -> String {
    var parts: [String] = []
    for name in names.sorted() {
      guard let value = values[name] else { continue }
      switch value {
      case .text(let text, _): parts.append(Self.quoted(name) + ":" + Self.quoted(text))
      case .toggle(let isOn): parts.append(Self.quoted(name) + ":" + (isOn ? "true" : "false"))
      }
    }
    return "{" + parts.joined(separator: ",") + "}"
  }

  /// A JSON string as Foundation's `JSONEncoder` writes it (`/` escaped too), so a spec's body
  /// is the body a Swift feed encoding the same values sends.
  static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "/": quoted += "\\/"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case "\u{8}": quoted += "\\b"
      case "\u{C}": quoted += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}

/// A form field's value.
enum SpecFormValue: Hashable, Sendable {
  case text(String, isSecure: Bool)
  case toggle(Bool)
}
