import TableCore

extension SpecCompiler {
  mutating func compileSection(
    _ value: SpecValue, path: String, screen: String, params: Set<String>, requests: [SpecRequestDefinition],
    shared: [SpecMember], sharedPath: String, pointers: inout [SpecPointer]
  ) -> SpecSectionDefinition? {
    guard
      let found = members(
        value, path,
        allowed: [
          "id", "header", "footer", "style", "records", "recordsAt", "groupBy", "rows", "empty", "invalidID",
          "hideWhenEmpty", "collapsible", "when", "choose",
        ])
    else { return nil }
    let object = SpecValue.object(found)
    guard let id = string(object["id"], path + ".id") else {
      if object["id"] == nil { fail(path, "missing key 'id'") }
      return nil
    }
    let recordsName = string(object["records"], path + ".records")
    let isGrouped = object["groupBy"] != nil && recordsName != nil
    let headerRoots: Set<SpecPath.Root> =
      isGrouped ? [.params, .section, .group] : [.params, .section, .form]
    let header = template(object["header"], path + ".header", roots: headerRoots, params: params)
    let footer = template(object["footer"], path + ".footer", roots: headerRoots, params: params)
    let rowRoots: Set<SpecPath.Root> = recordsName == nil ? [.params, .form] : [.item, .params, .position]
    var prototypes: [SpecPrototype] = []
    for (index, element) in (array(object["rows"], path + ".rows") ?? []).enumerated() {
      var at = Self.element(path + ".rows", index)
      var element = element
      // A string names one of the screen's shared `prototypes`, compiled here as this
      // section's own (its rows carry this section's prototype index).
      if case .string(let name) = element {
        guard let named = shared.first(where: { $0.key == name }) else {
          let known = shared.isEmpty ? "none" : shared.map(\.key).joined(separator: ", ")
          fail(
            at,
            "no prototype '\(TextEscaping.echoed(name, limit: 40))' in this screen's 'prototypes' (known: \(known))"
          )
          continue
        }
        element = named.value
        at = Self.child(sharedPath, name)
      }
      if let prototype = compilePrototype(
        element, at, roots: rowRoots, params: params, screen: screen, isFixed: recordsName == nil)
      {
        prototypes.append(prototype)
      }
    }
    if object["rows"] == nil { fail(path, "missing key 'rows'") }
    let content: SpecSectionDefinition.Content
    if let recordsName {
      guard let request = requests.firstIndex(where: { $0.name == recordsName }) else {
        fail(path + ".records", "no request '\(TextEscaping.echoed(recordsName, limit: 40))' in this screen")
        return nil
      }
      let empty = object["empty"].flatMap {
        compilePrototype($0, path + ".empty", roots: [.params], params: params, screen: screen, isFixed: true)
      }
      // By default a placeholder row is named after its section, or for a grouped section
      // (whose id is a template) after its request.
      let invalidID =
        template(object["invalidID"], path + ".invalidID", roots: [.params, .position], params: params)
        ?? (try? SpecTemplate(
          SpecTemplate.escaped(isGrouped ? recordsName : id) + "-invalid-${position.page}-${position.index}",
          roots: [.position]))
      guard let invalidID else {
        fail(path + ".id", "the section id cannot name its placeholder rows: give 'invalidID'")
        return nil
      }
      var pointer = requests[request].records
      if let value = object["recordsAt"], let at = self.pointer(value, path + ".recordsAt") {
        pointer = pointers.firstIndex(of: at) ?? pointers.count
        if pointer == pointers.count { pointers.append(at) }
      }
      let grouping = object["groupBy"].flatMap {
        compileGrouping($0, path + ".groupBy", id: id, idPath: path + ".id", params: params)
      }
      if grouping != nil && empty != nil {
        fail(
          path + ".empty",
          "'empty' is for a section without 'groupBy' (a grouped section shows no groups instead)")
      }
      var choosesFirst = false
      switch string(object["choose"], path + ".choose") ?? "all" {
      case "all": break
      case "first": choosesFirst = true
      case let other:
        fail(
          path + ".choose", "unknown choice '\(TextEscaping.echoed(other, limit: 20))' (expected: all, first)"
        )
      }
      content = .records(
        SpecRecordsSource(
          request: request, pointer: pointer, prototypes: prototypes, empty: empty, invalidID: invalidID,
          grouping: grouping, choosesFirst: choosesFirst))
    } else {
      for key in ["empty", "invalidID", "recordsAt", "groupBy", "choose"] where object[key] != nil {
        fail(Self.child(path, key), "'\(key)' needs 'records' (it is for sections made from records)")
      }
      content = .fixed(prototypes)
    }
    let style: SectionStyle
    switch string(object["style"], path + ".style") ?? (recordsName == nil ? "static" : "dynamic") {
    case "static": style = .static
    case "dynamic": style = .dynamic
    case let other:
      fail(
        path + ".style",
        "unknown style '\(TextEscaping.echoed(other, limit: 20))' (expected: static, dynamic)")
      style = .dynamic
    }
    return SpecSectionDefinition(
      id: SectionID(id), header: header, footer: footer, style: style, content: content,
      hidesWhenEmpty: bool(object["hideWhenEmpty"], path + ".hideWhenEmpty") ?? false,
      isCollapsible: bool(object["collapsible"], path + ".collapsible") ?? false,
      when: selectors(object["when"], path + ".when", roots: [.params], params: params))
  }

  /// A `when`: one selector or a list that must all match.
  mutating func selectors(
    _ value: SpecValue?, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> [SpecSelector] {
    guard let value else { return [] }
    guard case .array(let selectors) = value else {
      return compileSelector(value, path, roots: roots, params: params).map { [$0] } ?? []
    }
    return selectors.prefix(Self.maximumListLength).enumerated().compactMap {
      compileSelector($0.element, Self.element(path, $0.offset), roots: roots, params: params)
    }
  }

  mutating func compilePrototype(
    _ value: SpecValue, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>, screen: String,
    isFixed: Bool
  ) -> SpecPrototype? {
    guard
      let found = members(
        value, path,
        allowed: ["kind", "id", "when", "fields", "height", "select", "actions", "edit", "toggle"])
    else {
      return nil
    }
    let object = SpecValue.object(found)
    let kind = string(object["kind"], path + ".kind")
    if object["kind"] == nil { fail(path, "missing key 'kind'") }
    let positionReadsBefore = positionReads
    let id = template(object["id"], path + ".id", roots: roots, params: params)
    if object["id"] == nil { fail(path, "missing key 'id' (a row's identity; diffs go by it)") }
    let when = selectors(object["when"], path + ".when", roots: roots, params: params)
    let fields = compileFields(object["fields"], path + ".fields", roots: roots, params: params)
    var actions: [String] = []
    for (index, element) in (array(object["actions"], path + ".actions") ?? []).enumerated() {
      let at = Self.element(path + ".actions", index)
      guard let name = string(element, at) else { continue }
      actionUses.append((name, at))
      actions.append(name)
    }
    let height = compileHeight(object["height"], path + ".height", roots: roots, params: params)
    let readsPosition = positionReads > positionReadsBefore
    let select = object["select"].flatMap {
      compileRoute($0, path + ".select", roots: roots, params: params, screen: screen, isFixed: isFixed)
    }
    guard let kind, let id, let height else { return nil }
    defer { prototypeCount += 1 }
    return SpecPrototype(
      index: prototypeCount, kind: CellKind(kind), id: id, when: when, fields: fields, height: height,
      select: select, actions: actions,
      form: compileFormField(
        edit: object["edit"], toggle: object["toggle"], path, params: params, isFixed: isFixed),
      readsPosition: readsPosition)
  }

  mutating func compileSelector(
    _ value: SpecValue, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> SpecSelector? {
    guard let found = members(value, path, allowed: ["path", "equals", "oneOf", "exists", "nonBlank"]) else {
      return nil
    }
    let object = SpecValue.object(found)
    guard let text = string(object["path"], path + ".path") else {
      if object["path"] == nil { fail(path, "missing key 'path' (such as \"item.type\")") }
      return nil
    }
    let variable: SpecPath
    do throws(SpecTemplateError) {
      variable = try SpecPath.parse(text[...], roots: roots)
    } catch {
      fail(path + ".path", error.cause)
      return nil
    }
    if variable.root == .position { positionReads += 1 }
    if variable.root == .form, case .key(let name)? = variable.steps.first {
      formUses.append((name, path + ".path"))
    }
    if variable.root == .params, case .key(let name)? = variable.steps.first, !params.contains(name) {
      let known = params.isEmpty ? "none" : params.sorted().joined(separator: ", ")
      fail(
        path + ".path",
        "unknown parameter 'params.\(TextEscaping.echoed(name, limit: 40))' (parameters of this screen: \(known))"
      )
      return nil
    }
    if let equals = object["equals"] { return SpecSelector(path: variable, test: .equals([equals])) }
    if let values = array(object["oneOf"], path + ".oneOf") {
      return SpecSelector(path: variable, test: .equals(values))
    }
    if let exists = bool(object["exists"], path + ".exists") {
      return SpecSelector(path: variable, test: .exists(exists))
    }
    if let nonBlank = bool(object["nonBlank"], path + ".nonBlank") {
      return SpecSelector(path: variable, test: .nonBlank(nonBlank))
    }
    fail(path, "a selector needs 'equals', 'oneOf', 'exists' or 'nonBlank'")
    return nil
  }

  private mutating func compileHeight(
    _ value: SpecValue?, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> SpecHeight? {
    switch value {
    case nil: return .fixed(44)
    case .integer?, .number?: return number(value, path, in: 0...10_000).map(SpecHeight.fixed)
    default: break
    }
    guard let found = members(value, path, allowed: ["lines", "padding"]) else { return nil }
    let object = SpecValue.object(found)
    var blocks: [SpecTextBlock] = []
    for (index, element) in (array(object["lines"], path + ".lines") ?? []).enumerated() {
      let at = Self.element(path + ".lines", index)
      guard let fields = self.members(element, at, allowed: ["text", "font", "maxLines"]) else { continue }
      let line = SpecValue.object(fields)
      guard let text = template(line["text"], at + ".text", roots: roots, params: params),
        let font = number(line["font"] ?? .integer(17), at + ".font", in: 1...200)
      else { continue }
      let maxLines = number(line["maxLines"], at + ".maxLines", in: 1...1000).map(Int.init)
      blocks.append(SpecTextBlock(text: text, fontSize: font, maxLines: maxLines))
    }
    if object["lines"] == nil { fail(path, "missing key 'lines' (or give a fixed height as a number)") }
    let padding = number(
      object["padding"] ?? .number(CellLayout.verticalPadding), path + ".padding", in: 0...1000)
    return .text(blocks, padding: padding ?? CellLayout.verticalPadding)
  }

  private mutating func compileRoute(
    _ value: SpecValue, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>, screen: String,
    isFixed: Bool
  ) -> SpecRoute? {
    guard let found = members(value, path, allowed: ["push", "parameters", "open", "toggle", "submit"]) else {
      return nil
    }
    let object = SpecValue.object(found)
    if let section = string(object["toggle"], path + ".toggle") { return .toggle(SectionID(section)) }
    if let request = string(object["submit"], path + ".submit") {
      submits.append((request, path + ".submit"))
      return .submit(request)
    }
    if let link = object["open"] {
      return template(link, path + ".open", roots: roots, params: params).map(SpecRoute.open)
    }
    guard let target = string(object["push"], path + ".push") else {
      if object["push"] == nil { fail(path, "a route needs 'push' (a screen) or 'open' (a link)") }
      return nil
    }
    let parameters = pairs(object["parameters"], path + ".parameters", roots: roots, params: params)
    pushes.append((target, parameters.map(\.name), path + ".push"))
    if isFixed { staticPushes.append((screen, target, path + ".push")) }
    return .push(screen: target, parameters: parameters)
  }
}
