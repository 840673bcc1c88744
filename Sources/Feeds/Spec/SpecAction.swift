import TableCore

/// An action of a screen's rows (`action ROW_ID NAME`, a button in the cell): a request from
/// the row's record, and optionally a change presented at once (an optimistic update) that the
/// pipeline takes back if the request fails.
struct SpecAction: Sendable {
  /// What the action changes before the backend answers.
  enum Change: Sendable {
    /// Nothing: the request is sent and its answer joins the screen's state.
    case none
    /// The record's rows leave their section and become the first rows of the section with
    /// this id (a template over the record); the totals of both follow.
    case move(SpecTemplate)
    /// The record's members are set to these values (`item.NAME` reads them) until the screen
    /// is left, or until the request fails.
    case set([SpecMember])
  }

  var name: String
  /// The request it sends, over the row's record and the screen's parameters.
  var request: SpecRequestTemplate
  var change: Change
}

/// What a request sends, compiled once when the spec loads: its method and the templates of
/// its path, query items, headers and body. A screen's requests and its actions share it.
struct SpecRequestTemplate: Sendable {
  var method: String
  /// The path: literal parts as written, expressions percent-encoded as segment text.
  var path: SpecTemplate
  var query: [(name: String, value: SpecTemplate)]
  var headers: [(name: String, value: SpecTemplate)]
  var body: SpecTemplate?
}

/// A field of a row prototype: its template, the type it shows as, and whether it is left out
/// when it cannot be filled.
struct SpecField: Sendable {
  /// What the log shows: text (quoted), a flag, a whole number, a number.
  enum Kind: String, Hashable, Sendable, CaseIterable {
    case text, bool, integer, number
  }

  var name: String
  var value: SpecTemplate
  var kind: Kind = .text
  /// Left out when the value is missing, `null` or not of the kind, instead of making the
  /// record's row a placeholder.
  var isOptional = false
}

extension SpecField {
  /// The field's value in `scope`, as its kind.
  /// - Throws: ``SpecBindingFailure`` when the template cannot be filled or its text is not of
  ///   the kind (`true` or `false`, a whole number, a number).
  func value(in scope: SpecScope) throws(SpecBindingFailure) -> FieldValue {
    let text = try value.render(scope)
    switch kind {
    case .text: return .text(text)
    case .bool:
      guard text == "true" || text == "false" else {
        throw SpecBindingFailure(
          steps: [], reason: "field '\(name)': expected true or false, found '\(text)'")
      }
      return .bool(text == "true")
    case .integer:
      guard let whole = Int(text) else {
        throw SpecBindingFailure(
          steps: [], reason: "field '\(name)': expected a whole number, found '\(text)'")
      }
      return .integer(whole)
    case .number:
      guard let number = Double(text), number.isFinite else {
        throw SpecBindingFailure(steps: [], reason: "field '\(name)': expected a number, found '\(text)'")
      }
      return .number(number)
    }
  }
}
