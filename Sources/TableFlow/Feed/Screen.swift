import Foundation
import TableCore

/// One table screen of a feed: which requests to send, how to decode the answers, how to turn
/// them into sections, and where a selected row leads.
///
/// A screen is a value; its stored properties are its parameters (the book to show, the user
/// whose list it is). Only ``name`` and ``sections(for:)`` are required:
/// ```swift
/// struct ReviewsScreen: Screen {
///   let book: BookSummary
///   var name: String { "reviews" }
///   func requests(for load: ScreenLoad, state: ScreenState<ReviewList>) -> [ScreenRequest] {
///     [.get("/v2/book/\(book.id)/reviews", query: ["start": "0", "count": "3"])]
///   }
///   func sections(for state: ScreenState<ReviewList>) throws -> [Section] {
///     [bookSection] + (state.model.map { [reviewSection($0)] } ?? [])
///   }
/// }
/// ```
///
/// The pipeline adds what every screen needs: a loading row during the first load, a
/// refreshing row while a refresh is in flight, an error row (select it to retry) after a
/// failure while the previous content stays, an empty row when there is nothing to show, a
/// load-more row at the end of each section that ``nextPage(of:state:)`` can extend (saying
/// `Loading more…` while that page is in flight), and the collapsed state of sections.
public protocol Screen: Sendable {
  /// What one response decodes into: the API model, mirroring the backend's JSON.
  associatedtype Model: Decodable & Sendable

  /// The screen's name in logs and navigation (`books`, `detail`, `reviews`).
  var name: String { get }

  /// The requests to send for a load or a refresh, in order. Defaults to none: a static
  /// screen such as a form needs no backend to show itself.
  ///
  /// Their answers are applied together, in this order, whatever order they arrive in; on a
  /// refresh they replace every page loaded so far.
  func requests(for load: ScreenLoad, state: ScreenState<Model>) -> [ScreenRequest]

  /// The request for the next page of a section, or `nil` when it has no more pages (the
  /// default). While this returns a request, the section ends with a load-more row.
  func nextPage(of section: SectionID, state: ScreenState<Model>) -> ScreenRequest?

  /// Which JSON decoder the default ``decode(_:)`` uses. Defaults to
  /// ``JSONDecoding/tableFlow``, the package's own; ``JSONDecoding/foundation`` selects
  /// Foundation's `JSONDecoder`.
  var jsonDecoding: JSONDecoding { get }

  /// Decodes one response body. Defaults to JSON with ``jsonDecoding``.
  func decode(_ body: [UInt8]) throws -> Model

  /// Decodes one answer with the request it answers: what the pipeline calls. Defaults to
  /// ``decode(_:)`` of its body; implement this instead when the model needs the response's
  /// headers (a `Link` header's next page) or the request.
  func decode(received: ReceivedResponse) throws -> Model

  /// The table for the screen's state: the transform from API models to sections.
  ///
  /// Called after every change of state, including before the first answer arrives (with no
  /// pages). Collapsed sections are taken care of: return their rows as usual. Section and
  /// row ids must be unique; duplicates become a visible error, not a crash.
  /// - Throws: any error, shown as an error row (the previous content stays).
  func sections(for state: ScreenState<Model>) throws -> [Section]

  /// Where a selected row leads, decided by its kind. Defaults to ``Route/none``.
  func route(_ row: Row, state: ScreenState<Model>) -> Route

  /// Where the action `name` fired from inside `row` leads (`action ROW_ID NAME`: a button in
  /// the cell, seed C's responder chain), decided by the row's kind and the action's name;
  /// `nil` when the row has no such action (the default): the intent is then a data failure.
  func route(action name: String, in row: Row, state: ScreenState<Model>) -> Route?

  /// What `row` is as a form field, for `edit` and `toggle`; `nil` (the default) when it is
  /// none, and those intents are then a data failure. What was typed is in
  /// ``ScreenState/texts`` and ``ScreenState/switches``: show it in the row.
  func field(_ row: Row, state: ScreenState<Model>) -> FormField?

  /// Whether sections without rows are left out of the table (seed D: the backend decides
  /// which sections exist). Defaults to `false`. A collapsed section stays while it has rows
  /// to show when expanded.
  var hidesEmptySections: Bool { get }

  /// What building the table does with a section or row id used twice: `DuplicateIDPolicy.reject`
  /// (the default: an error row), `DuplicateIDPolicy.keepFirst` or
  /// `DuplicateIDPolicy.disambiguate` (`id#2`, `id#3`, …). Each duplicate dropped or renamed
  /// is one log line, the first time it happens.
  var duplicateIDPolicy: DuplicateIDPolicy { get }

  /// Where each row at `positions` of `sections` (as ``sections(for:)`` returned them) came
  /// from in the backend's answers, for the log lines of dropped or renamed duplicates, such as
  /// `entry 12 of page read/0`; one element per position. Defaults to `nil`s: the lines name
  /// the positions instead. Called only when a build dropped or renamed something.
  func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<Model>
  ) -> [String?]

  /// How many items the newest page in `slot` holds (the entries of a list's answer, not its
  /// rows); `nil` (the default) when the screen does not say. With it, and the page size its
  /// request asked for (``ScreenRequest/pageSize``), a load-more page that shows fewer new
  /// items than a page (its repeats of rows shown dropped, or the backend answered fewer than
  /// asked while more remain) is followed at once by the next page, until the load-more has
  /// shown a page's worth. A page that shows nothing new is followed by the next one either
  /// way.
  func itemCount(ofNewestPageIn slot: String, state: ScreenState<Model>) -> Int?
}

extension Screen {
  /// No requests.
  public func requests(for load: ScreenLoad, state: ScreenState<Model>) -> [ScreenRequest] { [] }

  /// No pagination.
  public func nextPage(of section: SectionID, state: ScreenState<Model>) -> ScreenRequest? { nil }

  /// The package's decoder.
  public var jsonDecoding: JSONDecoding { .tableFlow }

  /// Decodes the body as JSON with ``jsonDecoding``.
  public func decode(_ body: [UInt8]) throws -> Model {
    try jsonDecoding.decode(Model.self, from: body)
  }

  /// The body, with ``decode(_:)``.
  public func decode(received: ReceivedResponse) throws -> Model {
    try decode(received.response.body)
  }

  /// Selecting a row does nothing.
  public func route(_ row: Row, state: ScreenState<Model>) -> Route { .none }

  /// No row has actions.
  public func route(action name: String, in row: Row, state: ScreenState<Model>) -> Route? { nil }

  /// No row is a form field.
  public func field(_ row: Row, state: ScreenState<Model>) -> FormField? { nil }

  /// Empty sections are shown.
  public var hidesEmptySections: Bool { false }

  /// Duplicate ids are an error.
  public var duplicateIDPolicy: DuplicateIDPolicy { .reject }

  /// No origins: log lines name positions.
  public func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<Model>
  ) -> [String?] { positions.map { _ in nil } }

  /// Not known: only a page that shows nothing new is refilled.
  public func itemCount(ofNewestPageIn slot: String, state: ScreenState<Model>) -> Int? { nil }
}

/// Why a screen is asked for its requests.
public enum ScreenLoad: Hashable, Sendable {
  /// The first load, when the screen appears.
  case initial
  /// A refresh: the answers replace what was loaded.
  case refresh
}
