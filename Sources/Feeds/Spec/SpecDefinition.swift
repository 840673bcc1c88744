import TableCore

/// A spec file compiled: every template parsed, every pointer checked, every route resolved.
/// What ``SpecFeed`` runs; made by ``SpecLoader``.
struct SpecDefinition: Sendable {
  /// The feed's name (`books`): what fixtures recorded from it name in their header.
  var name: String
  /// One line about the feed.
  var summary: String
  /// The screen shown first.
  var entry: String
  /// The screens by name.
  var screens: [String: SpecScreenDefinition]
  /// The screen names in the order written.
  var screenOrder: [String]
}

/// A parameter of a screen; the entry screen's are the feed's.
struct SpecParameter: Hashable, Sendable {
  var name: String
  var isRequired: Bool
  var defaultValue: String?
  /// Allowed values, if the spec lists them.
  var values: [String]?
  /// Allowed whole numbers, if the spec gives a range.
  var range: ClosedRange<Int>?
  /// The longest value allowed.
  var maxLength: Int

  /// What a value must be, for messages.
  var expected: String {
    if let values { return "one of " + values.joined(separator: ", ") }
    if let range { return "a whole number from \(range.lowerBound) to \(range.upperBound)" }
    return "at most \(maxLength) characters"
  }

  func accepts(_ value: String) -> Bool {
    guard value.count <= maxLength else { return false }
    if let values, !values.contains(value) { return false }
    if let range { return Int(value).map(range.contains) ?? false }
    return true
  }
}

/// One screen of a spec.
struct SpecScreenDefinition: Sendable {
  var name: String
  var title: String
  var parameters: [SpecParameter]
  /// The requests of a load, in order (their answers are applied in this order).
  var requests: [SpecRequestDefinition]
  var sections: [SpecSectionDefinition]
  var duplicates: DuplicateIDPolicy
  /// Every distinct records pointer of the screen's requests: an answer's records are found
  /// once, when it is decoded.
  var recordPointers: [SpecPointer]
  /// Whether a request paginates by `Link` headers (answers' headers are read only then).
  var usesLinks: Bool {
    requests.contains { $0.pagination?.style == .link }
  }
  /// The actions its rows take, by name.
  var actions: [String: SpecAction] = [:]
}

/// A request of a screen; its answers are kept in the slot named after it.
struct SpecRequestDefinition: Sendable {
  var name: String
  /// What it sends, over the screen's parameters and the page asked for.
  var template: SpecRequestTemplate
  /// Where the records are in an answer, as an index into the screen's ``SpecScreenDefinition/recordPointers``.
  var records: Int
  var pagination: SpecPagination?
  /// Sent only when every selector matches the screen's parameters (none: always).
  var when: [SpecSelector] = []
  /// Sent by a row's `submit`, not by a load; a section made from its answers shows the newest.
  var isSubmit = false
  /// The form fields whose values its body is (a JSON object, keys sorted), instead of `body`.
  var formBody: [String]?
}

/// How a request asks for its next page.
struct SpecPagination: Hashable, Sendable {
  enum Style: Hashable, Sendable {
    /// `start`/`offset`: where the newest page ended (`SpecScreen.nextOffset`).
    case offset
    /// `page` = the page number (from `firstPage`).
    case pageNumber
    /// The next page's cursor is at this pointer of the last answer.
    case cursor(SpecPointer)
    /// The next page is the `rel="next"` link of the last answer's `Link` header (RFC 8288).
    case link
  }

  var style: Style
  /// The page size; a page with fewer records ends the list when there is no total.
  var limit: SpecTemplate?
  /// Where the answer says how many records there are in all.
  var total: SpecPointer?
}

/// One section of a screen.
struct SpecSectionDefinition: Sendable {
  enum Content: Sendable {
    /// Rows that are always there, from the screen's parameters.
    case fixed([SpecPrototype])
    /// Rows made from the records of a request's answers.
    case records(SpecRecordsSource)
  }

  var id: SectionID
  var header: SpecTemplate?
  var footer: SpecTemplate?
  var style: SectionStyle
  var content: Content
  var hidesWhenEmpty: Bool
  var isCollapsible: Bool
  /// Shown only when every selector matches the screen's parameters (none: always).
  var when: [SpecSelector] = []
}

/// Where a section's records come from and the rows they make.
struct SpecRecordsSource: Sendable {
  /// The request whose answers hold them.
  var request: Int
  /// Where they are in an answer (the request's `records`, or the section's `recordsAt`), as an
  /// index into the screen's ``SpecScreenDefinition/recordPointers``.
  var pointer: Int
  var prototypes: [SpecPrototype]
  /// The row shown when the request has answered with no records.
  var empty: SpecPrototype?
  /// The id of a record's placeholder row.
  var invalidID: SpecTemplate
  /// One section per distinct value of a record field (`groupBy`), instead of one section.
  var grouping: SpecGrouping?
  /// Whether a record makes the row of the first prototype whose `when` matches (`"choose":
  /// "first"`) rather than one row per prototype that matches.
  var choosesFirst = false
  /// Whether a prototype's rows depend on where the record is (`position.…` in its id, a
  /// field, its height or its `when`), so that they move with the record only rebuilt.
  var readsPosition: Bool { prototypes.contains(where: \.readsPosition) }
}

/// A row prototype: which records it shows (`when`), its identity, fields and height.
struct SpecPrototype: Sendable {
  /// Its index among the screen's prototypes, carried by its rows.
  var index: Int
  var kind: CellKind
  var id: SpecTemplate
  /// Every selector must match (none: every record).
  var when: [SpecSelector]
  var fields: [SpecField]
  var height: SpecHeight
  var select: SpecRoute?
  /// The names of the screen's actions its rows take (`action ROW_ID NAME`).
  var actions: [String] = []
  /// What the row is as a form field (`edit`, `toggle`), if it is one.
  var form: SpecFormField?
  /// Whether its id, a field, its height or its `when` reads `position.…`.
  var readsPosition = false
}

/// Which records a prototype shows.
struct SpecSelector: Hashable, Sendable {
  enum Test: Hashable, Sendable {
    case equals([SpecValue])
    case exists(Bool)
    /// Present, and text with something other than white space in it (or any other value).
    case nonBlank(Bool)
  }

  var path: SpecPath
  var test: Test

  func matches(_ scope: SpecScope) -> Bool {
    let value: SpecValue?
    do {
      value = try scope.resolve(path)
    } catch {
      value = nil
    }
    switch test {
    case .exists(let wanted): return (value != nil && value != .null) == wanted
    case .equals(let values): return value.map(values.contains) ?? false
    case .nonBlank(let wanted):
      let isNonBlank: Bool
      switch value {
      case nil, .null?: isNonBlank = false
      case .string(let text)?: isNonBlank = text.contains { !$0.isWhitespace }
      default: isNonBlank = true
      }
      return isNonBlank == wanted
    }
  }
}

/// A row's height.
enum SpecHeight: Sendable {
  /// A fixed height in points.
  case fixed(Double)
  /// Text blocks measured as the built-in feeds measure theirs.
  case text([SpecTextBlock], padding: Double)
}

/// A block of text of a measured height.
struct SpecTextBlock: Sendable {
  var text: SpecTemplate
  var fontSize: Double
  var maxLines: Int?
}

/// Where selecting a row leads.
enum SpecRoute: Sendable {
  case push(screen: String, parameters: [(name: String, value: SpecTemplate)])
  case open(SpecTemplate)
  /// Collapse the section with this id, or expand it when collapsed (while it has rows).
  case toggle(SectionID)
  /// Send the screen's submit request of this name, while the form is valid.
  case submit(String)
}
