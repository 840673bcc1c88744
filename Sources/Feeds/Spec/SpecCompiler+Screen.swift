import TableCore

extension SpecCompiler {
  mutating func compileScreen(_ value: SpecValue, name: String, path: String) -> SpecScreenDefinition? {
    guard
      let found = members(
        value, path,
        allowed: ["title", "parameters", "requests", "prototypes", "sections", "duplicates", "actions"])
    else { return nil }
    let object = SpecValue.object(found)
    prototypeCount = 0
    actionUses = []
    submits = []
    formUses = []
    let parameters = compileParameters(object["parameters"], path + ".parameters")
    let names = Set(parameters.map(\.name))
    var pointers: [SpecPointer] = []
    var requests: [SpecRequestDefinition] = []
    if let requestMembers = self.members(
      object["requests"], path + ".requests", allowed: object["requests"]?.objectKeys ?? [])
    {
      for member in requestMembers {
        let at = Self.child(path + ".requests", member.key)
        guard Self.isFeedName(member.key) else {
          fail(at, "a request name is 1 to 64 letters, digits, '-' or '_'")
          continue
        }
        if let request = compileRequest(
          member.value, name: member.key, path: at, params: names, pointers: &pointers)
        {
          requests.append(request)
        }
      }
    }
    let duplicates: DuplicateIDPolicy
    switch string(object["duplicates"], path + ".duplicates") ?? "reject" {
    case "reject": duplicates = .reject
    case "keepFirst": duplicates = .keepFirst
    case "disambiguate": duplicates = .disambiguate
    case let other:
      fail(
        path + ".duplicates",
        "unknown policy '\(TextEscaping.echoed(other, limit: 40))' (expected: reject, keepFirst, disambiguate)"
      )
      duplicates = .reject
    }
    let shared = self.members(
      object["prototypes"], path + ".prototypes", allowed: object["prototypes"]?.objectKeys ?? [])
    var sections: [SpecSectionDefinition] = []
    var sectionIDs: Set<String> = []
    for (index, element) in (array(object["sections"], path + ".sections") ?? []).enumerated() {
      let at = Self.element(path + ".sections", index)
      guard
        let section = compileSection(
          element, path: at, screen: name, params: names, requests: requests, shared: shared ?? [],
          sharedPath: path + ".prototypes", pointers: &pointers)
      else { continue }
      if !sectionIDs.insert(section.id.rawValue).inserted {
        fail(at + ".id", "section id '\(section.id.rawValue)' is used twice in this screen")
      }
      sections.append(section)
    }
    if object["sections"] == nil { fail(path, "missing key 'sections'") }
    let actions = compileActions(object["actions"], path + ".actions", params: names)
    checkMoveTargets(actions, path + ".actions", sections: sections)
    checkForms(requests, path + ".requests", sections: sections)
    let defined = object["actions"]?.objectKeys ?? []
    for use in actionUses where !defined.contains(use.name) {
      let known = defined.sorted()
      fail(
        use.path,
        "no action '\(TextEscaping.echoed(use.name, limit: 40))' in this screen's 'actions' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
      )
    }
    return SpecScreenDefinition(
      name: name, title: string(object["title"], path + ".title") ?? name, parameters: parameters,
      requests: requests, sections: sections, duplicates: duplicates, recordPointers: pointers,
      actions: actions)
  }

  private mutating func compileRequest(
    _ value: SpecValue, name: String, path: String, params: Set<String>, pointers: inout [SpecPointer]
  ) -> SpecRequestDefinition? {
    guard
      let found = members(
        value, path,
        allowed: [
          "method", "path", "query", "headers", "body", "records", "pagination", "when", "submit", "form",
        ])
    else { return nil }
    let object = SpecValue.object(found)
    let request = requestTemplate(
      object, path, method: "GET", missingPath: "missing key 'path'", roots: [.params, .page], params: params)
    let records = object["records"].map { pointer($0, path + ".records") } ?? (try? SpecPointer(""))
    var recordIndex = 0
    if let records {
      if let known = pointers.firstIndex(of: records) {
        recordIndex = known
      } else {
        recordIndex = pointers.count
        pointers.append(records)
      }
    }
    let pagination = object["pagination"].flatMap {
      compilePagination($0, path + ".pagination", params: params)
    }
    guard let request else { return nil }
    return SpecRequestDefinition(
      name: name, template: request, records: recordIndex, pagination: pagination,
      when: selectors(object["when"], path + ".when", roots: [.params], params: params),
      isSubmit: bool(object["submit"], path + ".submit") ?? false,
      formBody: array(object["form"], path + ".form")?.enumerated().compactMap {
        string($0.element, Self.element(path + ".form", $0.offset))
      })
  }

  /// The `method`, `path`, `query`, `headers` and `body` of a request or an action at `path`
  /// (`object`'s members), over `roots`: `nil` when it has no usable path.
  mutating func requestTemplate(
    _ object: SpecValue, _ path: String, method defaultMethod: String, missingPath: String,
    roots: Set<SpecPath.Root>, params: Set<String>
  ) -> SpecRequestTemplate? {
    let method = (string(object["method"], path + ".method") ?? defaultMethod).uppercased()
    if !["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) {
      fail(
        path + ".method",
        "unsupported method '\(TextEscaping.echoed(method, limit: 20))' (expected: GET, POST, PUT, PATCH, DELETE)"
      )
    }
    let requestPath = template(object["path"], path + ".path", roots: roots, params: params)
    if object["path"] == nil { fail(path, missingPath) }
    if let requestPath { checkRelativePath(requestPath, path + ".path") }
    let query = pairs(object["query"], path + ".query", roots: roots, params: params)
    let headers = pairs(object["headers"], path + ".headers", roots: roots, params: params)
    let body = template(object["body"], path + ".body", roots: roots, params: params)
    guard let requestPath else { return nil }
    return SpecRequestTemplate(method: method, path: requestPath, query: query, headers: headers, body: body)
  }

  /// A request path names a resource below the `--live` base URL, never another host.
  mutating func checkRelativePath(_ template: SpecTemplate, _ path: String) {
    guard case .literal(let first)? = template.parts.first, first.hasPrefix("/"), !first.hasPrefix("//")
    else {
      fail(path, "a request path starts with one '/' and is relative to the base URL")
      return
    }
    for case .literal(let text) in template.parts {
      if text.contains("?") || text.contains("#") {
        fail(path, "a request path holds no '?' or '#' (put the query in 'query')")
      }
      let segments = text.split(separator: "/", omittingEmptySubsequences: false)
      if segments.contains(where: { $0 == "." || $0 == ".." }) {
        fail(path, "a request path holds no '.' or '..' segments")
      }
    }
  }

  /// Name–template pairs in the order written (a query, headers, fields).
  mutating func pairs(
    _ value: SpecValue?, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> [(name: String, value: SpecTemplate)] {
    guard let found = members(value, path, allowed: value?.objectKeys ?? []) else { return [] }
    var pairs: [(name: String, value: SpecTemplate)] = []
    for member in found {
      if let compiled = template(member.value, Self.child(path, member.key), roots: roots, params: params) {
        pairs.append((member.key, compiled))
      }
    }
    return pairs
  }

  private mutating func compilePagination(
    _ value: SpecValue, _ path: String, params: Set<String>
  ) -> SpecPagination? {
    guard let found = members(value, path, allowed: ["style", "limit", "total", "cursor"]) else { return nil }
    let object = SpecValue.object(found)
    let style: SpecPagination.Style
    switch string(object["style"], path + ".style") ?? "offset" {
    case "offset": style = .offset
    case "page": style = .pageNumber
    case "cursor":
      guard let cursor = pointer(object["cursor"], path + ".cursor") else {
        if object["cursor"] == nil {
          fail(path, "cursor pagination needs 'cursor': the pointer of the next cursor")
        }
        return nil
      }
      style = .cursor(cursor)
    case "link":
      if object["cursor"] != nil { fail(path + ".cursor", "'cursor' is for cursor pagination") }
      style = .link
    case let other:
      fail(
        path + ".style",
        "unknown pagination '\(TextEscaping.echoed(other, limit: 20))' (expected: offset, page, cursor, link)"
      )
      return nil
    }
    return SpecPagination(
      style: style, limit: template(object["limit"], path + ".limit", roots: [.params], params: params),
      total: object["total"].flatMap { pointer($0, path + ".total") })
  }

  /// A `move` that names a section (a template without variables) names one of the screen's
  /// sections made from records, or a group a grouped section can make.
  private mutating func checkMoveTargets(
    _ actions: [String: SpecAction], _ path: String, sections: [SpecSectionDefinition]
  ) {
    let isGrouped = sections.contains {
      if case .records(let source) = $0.content { source.grouping != nil } else { false }
    }
    let targets = sections.compactMap { section -> String? in
      if case .records = section.content { section.id.rawValue } else { nil }
    }
    for (name, action) in actions.sorted(by: { $0.key < $1.key }) {
      guard case .move(let target) = action.change, let id = target.constant, !isGrouped,
        !targets.contains(id)
      else { continue }
      let known = targets.isEmpty ? "none" : targets.joined(separator: ", ")
      fail(
        Self.child(path, name) + ".move",
        "no section '\(TextEscaping.echoed(id, limit: 40))' made from records to move to (sections: \(known))"
      )
    }
  }

  /// A submit names a submit request of the screen; a request's `form` names its form fields.
  private mutating func checkForms(
    _ requests: [SpecRequestDefinition], _ path: String, sections: [SpecSectionDefinition]
  ) {
    for submit in submits where !requests.contains(where: { $0.name == submit.request && $0.isSubmit }) {
      let known = requests.filter(\.isSubmit).map(\.name)
      fail(
        submit.path,
        "no submit request '\(TextEscaping.echoed(submit.request, limit: 40))' in this screen (submit requests: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
      )
    }
    var names: [String] = []
    for section in sections {
      guard case .fixed(let prototypes) = section.content else { continue }
      for prototype in prototypes { if let field = prototype.form { names.append(field.name) } }
    }
    for use in formUses where !names.contains(use.name) && use.name != "valid" && use.name != "problem" {
      fail(
        use.path,
        "unknown form value 'form.\(TextEscaping.echoed(use.name, limit: 40))' (form values of this screen: \((names + ["valid", "problem"]).joined(separator: ", ")))"
      )
    }
    for request in requests {
      for (index, name) in (request.formBody ?? []).enumerated() where !names.contains(name) {
        fail(
          Self.child(path, request.name) + ".form[\(index)]",
          "no form field '\(TextEscaping.echoed(name, limit: 40))' in this screen (fields: \(names.isEmpty ? "none" : names.joined(separator: ", ")))"
        )
      }
      if request.formBody != nil && request.template.body != nil {
        fail(Self.child(path, request.name), "a request's body is 'body' or 'form', not both")
      }
    }
  }
}
