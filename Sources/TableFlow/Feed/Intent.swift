import TableCore

/// What a user asks a screen to do: the pipeline's input.
///
/// Intents print to and parse from one line of the intents-file syntax: `load`, `refresh`,
/// `select ROW_ID`, `collapse SECTION_ID`, `expand SECTION_ID`, `load-more SECTION_ID`, `back`,
/// `edit ROW_ID TEXT`, `toggle ROW_ID`, `action ROW_ID NAME`.
/// For `select`, `collapse`, `expand`, `load-more` and `toggle` the argument is the rest of the
/// line after the verb, so ids may contain spaces (`select attribute-Date of birth`), or a
/// quoted string (`select "book-1"` selects `book-1`), as for every intent;
/// `Intent(line)` and `description` round-trip for every id, text and name (the one that
/// needs it is printed quoted). `edit` takes the id as its first word and the text as the rest of the line
/// (`edit username pmtao`; `edit username` clears the field); `action` takes the name as the
/// last word and the id as what comes before (`action book-1000001-info mark-read`). An id or a
/// text or an action's name that needs it is written in double quotes with JSON escapes
/// (`edit "attribute-Date of birth" 1835`, `edit note "  two spaces first"`,
/// `action "attribute-Date of birth" "copy value"`); a quoted id is one id whatever blanks it
/// holds, for every intent.
public enum Intent: Hashable, Sendable, LosslessStringConvertible {
  /// Load the current screen for the first time.
  case load
  /// Load the current screen again; on failure the previous content stays.
  case refresh
  /// Select the row with this id: the screen routes it by kind.
  case select(RowID)
  /// Collapse a section: it keeps its header and shows no rows.
  case collapse(SectionID)
  /// Expand a collapsed section.
  case expand(SectionID)
  /// Fetch the next page of a paginated section.
  case loadMore(SectionID)
  /// Pop the current screen.
  case back
  /// Type `text` into the text field with this id (replacing what it held). `isSecret` is set
  /// by the pipeline when the field is secure: ``description`` (what logs print) then shows
  /// ``secureMask`` instead of the text, and only ``scriptLine`` (what a recording keeps, so
  /// that the session replays) holds it.
  case edit(RowID, text: String, isSecret: Bool = false)
  /// Flip the switch row with this id.
  case toggle(RowID)
  /// Fire the action `name` from inside the row with this id (a button in the cell), routed by
  /// the row's kind and the action's name, separately from selecting the row.
  case action(RowID, name: String)

  /// Parses one intent line such as `select book-1`; `nil` when the line is not an intent.
  ///
  /// Leading and trailing blanks are ignored; use ``parse(line:)`` for a reason on failure.
  public init?(_ line: String) {
    guard case .some(.some(let intent)) = try? Intent.parse(line: line) else { return nil }
    self = intent
  }

  /// The intent as one line of the intents-file syntax.
  public var description: String {
    switch self {
    case .load: return "load"
    case .refresh: return "refresh"
    case .select(let row): return "select \(Self.quotedIfNeeded(row.rawValue))"
    case .collapse(let section): return "collapse \(Self.quotedIfNeeded(section.rawValue))"
    case .expand(let section): return "expand \(Self.quotedIfNeeded(section.rawValue))"
    case .loadMore(let section): return "load-more \(Self.quotedIfNeeded(section.rawValue))"
    case .back: return "back"
    case .edit(let row, let text, let isSecret):
      let id = Self.quotedIfNeeded(row.rawValue, isWord: true)
      if text.isEmpty { return "edit \(id)" }
      return "edit \(id) \(isSecret ? Self.secureMask : Self.quotedIfNeeded(text))"
    case .toggle(let row): return "toggle \(Self.quotedIfNeeded(row.rawValue))"
    case .action(let row, let name):
      return "action \(Self.quotedIfNeeded(row.rawValue)) \(Self.quotedIfNeeded(name, isWord: true))"
    }
  }

  /// Parses one line of an intents file.
  ///
  /// - Returns: the intent, or `nil` for a blank line or a `#` comment.
  /// - Throws: ``IntentSyntaxError`` naming what was expected.
  public static func parse(line: some StringProtocol) throws(IntentSyntaxError) -> Intent? {
    let trimmed = line.trimmingBlanks()
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let verb = String(trimmed.prefix { $0 != " " && $0 != "\t" })
    // The argument is the rest of the line, so ids may contain spaces.
    let argument = String(trimmed.dropFirst(verb.count).trimmingBlanks())
    switch verb {
    case "load", "refresh", "back":
      guard argument.isEmpty else {
        throw IntentSyntaxError("'\(verb)' takes no argument, found '\(TextEscaping.echoed(argument))'")
      }
      return verb == "load" ? .load : verb == "refresh" ? .refresh : .back
    case "select", "collapse", "expand", "load-more":
      guard !argument.isEmpty else {
        let what = verb == "select" ? "ROW_ID" : "SECTION_ID"
        throw IntentSyntaxError("'\(verb)' takes one argument, \(what)")
      }
      let id = try unquotedArgument(argument, verb: verb)
      switch verb {
      case "select": return .select(RowID(id))
      case "collapse": return .collapse(SectionID(id))
      case "expand": return .expand(SectionID(id))
      default: return .loadMore(SectionID(id))
      }
    case "toggle":
      guard !argument.isEmpty else { throw IntentSyntaxError("'toggle' takes one argument, ROW_ID") }
      return .toggle(RowID(try unquotedArgument(argument, verb: verb)))
    case "edit":
      return try parseEdit(argument)
    case "action":
      return try parseAction(argument)
    default:
      throw IntentSyntaxError(
        "unknown intent '\(TextEscaping.echoed(verb))': expected load, refresh, select, collapse, expand, "
          + "load-more, back, edit, toggle or action")
    }
  }

  /// Parses a whole intents file: one intent a line, blank lines and `#` comments ignored; a
  /// trailing ` &` (see ``ScriptedIntent``) is accepted and dropped.
  ///
  /// - Throws: ``IntentSyntaxError`` with the 1-based line number of the first bad line.
  public static func parseScript(_ text: String) throws(IntentSyntaxError) -> [Intent] {
    try ScriptedIntent.parseScript(text).map(\.intent)
  }

  /// The intents as a script: one line each, ending with a newline.
  public static func script(_ intents: [Intent]) -> String {
    intents.map { $0.description + "\n" }.joined()
  }
}

/// A line of an intents file that is not an intent.
public struct IntentSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was expected and what was found.
  public let message: String
  /// The 1-based line number, when the error comes from a whole script.
  public let line: Int?

  /// Creates an error.
  public init(_ message: String, line: Int? = nil) {
    self.message = message
    self.line = line
  }

  /// `line N: message`, or the message alone.
  public var description: String {
    line.map { "line \($0): \(message)" } ?? message
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and carriage returns.
  fileprivate func trimmingBlanks() -> Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    let text = Substring(self)
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return text[first...last]
  }
}
