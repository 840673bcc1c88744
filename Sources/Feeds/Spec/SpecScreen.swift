import TableCore
import TableFlow

/// A screen of a spec feed: the compiled screen of the spec and the values of its parameters.
public struct SpecScreen: Screen {
  let spec: SpecDefinition
  let definition: SpecScreenDefinition
  /// The screen's parameters, defaults filled in.
  let params: [String: String]

  init(spec: SpecDefinition, definition: SpecScreenDefinition, params: [String: String]) {
    self.spec = spec
    self.definition = definition
    self.params = params
  }

  /// The screen's name in the spec.
  public var name: String { definition.name }

  /// The screen's duplicate-id policy (`duplicates`: `reject`, `keepFirst`, `disambiguate`).
  public var duplicateIDPolicy: DuplicateIDPolicy { definition.duplicates }

  /// Parses the answer and finds its records once. Text that is not JSON fails as with any
  /// feed: the package's decoder describes it (`malformed JSON …, byte 226: …`).
  public func decode(_ body: [UInt8]) throws -> SpecDocument {
    SpecDocument(root: try Self.root(of: body), pointers: definition.recordPointers)
  }

  /// Decodes the body as ``decode(_:)`` does and, when a request of the screen
  /// paginates by `Link` headers, finds the next page the answer's header names.
  public func decode(received: ReceivedResponse) throws -> SpecDocument {
    let root = try Self.root(of: received.response.body)
    let offset = requestedOffset(of: received.request)
    guard definition.usesLinks, let target = SpecLink.nextTarget(in: received.response.headers) else {
      return SpecDocument(root: root, pointers: definition.recordPointers, offset: offset)
    }
    return SpecDocument(
      root: root, pointers: definition.recordPointers,
      next: SpecLink.resolve(target, against: received.request), offset: offset)
  }

  private static func root(of body: [UInt8]) throws -> SpecValue {
    do throws(SpecSyntaxError) {
      return try SpecValue.parse(body)
    } catch {
      _ = try JSONDecoding.tableFlow.decode(SpecAnyJSON.self, from: body)
      throw error
    }
  }

  /// The first page of every request, in the order the spec lists them.
  public func requests(for load: ScreenLoad, state: ScreenState<SpecDocument>) -> [ScreenRequest] {
    definition.requests.compactMap { request in
      guard !request.isSubmit, request.when.allSatisfy({ $0.matches(self.scope) }) else { return nil }
      return self.request(for: request, page: SpecPageScope(offset: 0, index: 0))
    }
  }

  /// The next page of the last section made from a paginated request, while it has more.
  public func nextPage(of section: SectionID, state: ScreenState<SpecDocument>) -> ScreenRequest? {
    guard let position = lastDefinition(showing: section, state: state),
      case .records(let source) = definition.sections[position].content,
      !definition.sections[(position + 1)...].contains(where: {
        guard $0.when.allSatisfy({ $0.matches(self.scope) }), case .records(let later) = $0.content else {
          return false
        }
        return later.request == source.request
      })
    else { return nil }
    let request = definition.requests[source.request]
    guard let pagination = request.pagination else { return nil }
    let progress = SpecProgress(
      pages: state.pages(in: request.name), records: request.records, pagination: pagination, scope: scope)
    guard progress.hasMore else { return nil }
    let offset =
      pagination.style == .offset
      ? nextOffset(loaded: progress.loaded, of: request, source: source, section: position, state: state)
      : progress.loaded
    return self.request(
      for: request,
      page: SpecPageScope(
        offset: offset, index: progress.pageCount, cursor: progress.cursor, link: progress.link))
  }

  /// The sections, in the order the spec lists them.
  public func sections(for state: ScreenState<SpecDocument>) throws -> [Section] {
    try builtSections(state: state, origins: false).compactMap(section(of:))
  }

  /// A row's `select` route: push a screen with parameters from the row's record, or open a link.
  public func route(_ row: Row, state: ScreenState<SpecDocument>) -> Route {
    guard let model = row.model.as(SpecCellModel.self), let found = prototype(model.prototype),
      let select = found.prototype.select, var scope = scope(ofRow: row, found: found, state: state)
    else { return .none }
    if definition.hasForm { scope.form = formValues(state: state).scopeValue }
    switch select {
    case .open(let link): return link.renderIfPossible(scope).map { .open(link: $0) } ?? .none
    case .submit(let name): return submission(name, state: state).map(Route.send) ?? .none
    case .toggle(let id):
      if state.collapsedSections.contains(id) { return .perform(.expand(id)) }
      guard let built = try? builtSections(state: state, origins: false),
        built.contains(where: { $0.id == id && !$0.rows.isEmpty })
      else { return .none }
      return .perform(.collapse(id))
    case .push(let target, let parameters):
      guard let next = spec.screens[target] else { return .none }
      var values: [String: String] = [:]
      for parameter in next.parameters { values[parameter.name] = parameter.defaultValue }
      for (name, template) in parameters {
        guard let value = template.renderIfPossible(scope) else { return .none }
        values[name] = value
      }
      return .push(SpecScreen(spec: spec, definition: next, params: values))
    }
  }

  /// The last section of the spec, among those shown, whose last section is `id`: a section
  /// made from records with that id, or a grouped one whose last group's section it is.
  func lastDefinition(showing id: SectionID, state: ScreenState<SpecDocument>) -> Int? {
    for index in definition.sections.indices.reversed() {
      let section = definition.sections[index]
      guard section.when.allSatisfy({ $0.matches(self.scope) }), case .records(let source) = section.content
      else {
        continue
      }
      guard let grouping = source.grouping else {
        if section.id == id { return index }
        continue
      }
      let pages = state.pages(in: definition.requests[source.request].name)
      guard let recordPages = try? records(of: source, in: pages),
        let last = (try? groups(of: recordPages, by: grouping, section: index, state: state))?.last
      else { continue }
      var scope = scope
      scope.group = (last.key, grouping.title(of: last.key), last.records.count)
      if (try? sectionID(of: grouping, scope: scope)) == id.rawValue { return index }
    }
    return nil
  }

  /// The scope of the screen's parameters alone.
  var scope: SpecScope { SpecScope(params: params) }

  private func request(for request: SpecRequestDefinition, page: SpecPageScope) -> ScreenRequest? {
    var scope = scope
    scope.page = page
    // The pagination's `limit` is the page size, whatever query item carries it.
    guard
      var screenRequest = self.request(
        request.template, slot: request.name, scope: scope,
        pageSize: request.pagination?.limit?.renderIfPossible(scope).flatMap { Int($0) })
    else { return nil }
    if let link = page.link {
      // A `Link` header's next page: its path and query, below the base URL.
      let sent = screenRequest.request
      screenRequest.request = TransportRequest(
        method: sent.method, path: RequestPath(encoded: link.path), query: link.query, headers: sent.headers,
        body: sent.body, timeout: sent.timeout)
    }
    return screenRequest
  }

  /// A request filled in `scope`: `nil` when its path cannot be; a query item or header that
  /// cannot be is left out; a body is JSON unless a `Content-Type` header says otherwise;
  /// `pageSize` tells the pipeline when a page came back short.
  func request(
    _ template: SpecRequestTemplate, slot: String, scope: SpecScope, pageSize: Int? = nil
  ) -> ScreenRequest? {
    guard let path = SpecRequestPath.path(template.path, scope: scope) else { return nil }
    var items: [NameValue] = []
    for (name, value) in template.query {
      guard let text = value.renderIfPossible(scope) else { continue }
      items.append(NameValue(name, text))
    }
    var fields: [NameValue] = []
    for (name, value) in template.headers {
      guard let text = value.renderIfPossible(scope) else { continue }
      fields.append(NameValue(name, text))
    }
    let bytes = template.body.flatMap { $0.renderIfPossible(scope) }.map { Array($0.utf8) }
    if bytes != nil && !fields.contains(where: { $0.name.lowercased() == "content-type" }) {
      fields.append(NameValue("Content-Type", "application/json"))
    }
    var screenRequest = ScreenRequest(
      TransportRequest(method: template.method, path: path, query: items, headers: fields, body: bytes),
      slot: slot)
    screenRequest.pageSize = pageSize
    return screenRequest
  }
}
