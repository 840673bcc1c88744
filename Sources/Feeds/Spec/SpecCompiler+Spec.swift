import TableCore

extension SpecCompiler {
  /// The whole spec, or `nil` when its shape is too broken to go on.
  mutating func compileSpec(_ root: SpecValue) -> SpecDefinition? {
    guard
      let topMembers = members(
        root, "$", allowed: ["$schema", "tableflow-spec", "name", "summary", "entry", "screens"])
    else { return nil }
    let top = SpecValue.object(topMembers)
    switch top["tableflow-spec"] {
    case .integer(1)?: break
    case nil: fail("$", "missing key 'tableflow-spec' (a spec starts with \"tableflow-spec\": 1)")
    case let other?:
      fail(
        "$.tableflow-spec",
        "unsupported spec version \(other.scalarText ?? other.kindDescription) (this TableFlow reads 1)")
    }
    let name = string(top["name"], "$.name") ?? ""
    if top["name"] == nil {
      fail("$", "missing key 'name'")
    } else if !Self.isFeedName(name) {
      fail("$.name", "a feed name is 1 to 64 letters, digits, '-' or '_'")
    }
    let summary = string(top["summary"], "$.summary") ?? ""
    guard let screenMembers = members(top["screens"], "$.screens", allowed: top["screens"]?.objectKeys ?? [])
    else {
      if top["screens"] == nil { fail("$", "missing key 'screens'") }
      return nil
    }
    guard !screenMembers.isEmpty, screenMembers.count <= Self.maximumScreens else {
      fail("$.screens", "a spec has 1 to \(Self.maximumScreens) screens")
      return nil
    }
    var screens: [String: SpecScreenDefinition] = [:]
    for member in screenMembers {
      let path = Self.child("$.screens", member.key)
      guard Self.isFeedName(member.key) else {
        fail(path, "a screen name is 1 to 64 letters, digits, '-' or '_'")
        continue
      }
      if let screen = compileScreen(member.value, name: member.key, path: path) {
        screens[member.key] = screen
      }
    }
    let entry = string(top["entry"], "$.entry") ?? screenMembers[0].key
    if screens[entry] == nil && screenMembers.allSatisfy({ $0.key != entry }) {
      fail(
        "$.entry",
        "no screen '\(TextEscaping.echoed(entry, limit: 40))' (screens: \(screenMembers.map(\.key).joined(separator: ", ")))"
      )
    }
    checkPushes(screens)
    checkStaticCycles()
    return SpecDefinition(
      name: name, summary: summary, entry: entry, screens: screens, screenOrder: screenMembers.map(\.key))
  }

  static func isFeedName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy(SpecPath.isNameScalar)
  }

  /// Every push names a screen that exists and gives it every required parameter and no other.
  private mutating func checkPushes(_ screens: [String: SpecScreenDefinition]) {
    for push in pushes {
      guard let target = screens[push.to] else {
        fail(push.path, "route to a missing screen '\(TextEscaping.echoed(push.to, limit: 40))'")
        continue
      }
      let known = Set(target.parameters.map(\.name))
      for name in push.parameters where !known.contains(name) {
        fail(push.path, "screen '\(push.to)' has no parameter '\(TextEscaping.echoed(name, limit: 40))'")
      }
      for parameter in target.parameters
      where parameter.isRequired && parameter.defaultValue == nil && !push.parameters.contains(parameter.name)
      {
        fail(push.path, "the push to '\(push.to)' does not give its required parameter '\(parameter.name)'")
      }
    }
  }

  /// A screen whose fixed rows push back to it, through other fixed rows, is an error: the
  /// user could push forever without the backend ever being asked.
  private mutating func checkStaticCycles() {
    var edges: [String: [(to: String, path: String)]] = [:]
    for push in staticPushes { edges[push.from, default: []].append((push.to, push.path)) }
    var state: [String: Int] = [:]  // 1: on the path, 2: done
    var reported = false
    for start in edges.keys.sorted() where state[start] == nil && !reported {
      // An explicit stack keeps the walk iterative whatever the spec holds.
      var stack: [(screen: String, next: Int)] = [(start, 0)]
      state[start] = 1
      while let top = stack.last, !reported {
        let outgoing = edges[top.screen] ?? []
        guard top.next < outgoing.count else {
          state[top.screen] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = outgoing[top.next]
        switch state[edge.to] {
        case 1?:
          let cycle = stack.map(\.screen).drop { $0 != edge.to } + [edge.to]
          fail(edge.path, "static push cycle: \(cycle.joined(separator: " → "))")
          reported = true
        case nil:
          state[edge.to] = 1
          stack.append((edge.to, 0))
        default: break
        }
      }
    }
  }

  /// The parameters of a screen.
  mutating func compileParameters(_ value: SpecValue?, _ path: String) -> [SpecParameter] {
    guard let named = members(value, path, allowed: value?.objectKeys ?? []) else { return [] }
    var parameters: [SpecParameter] = []
    for member in named {
      let at = Self.child(path, member.key)
      guard Self.isFeedName(member.key) else {
        fail(at, "a parameter name is 1 to 64 letters, digits, '-' or '_'")
        continue
      }
      guard
        let fields = self.members(
          member.value, at, allowed: ["required", "default", "values", "range", "maxLength"])
      else { continue }
      let object = SpecValue.object(fields)
      var parameter = SpecParameter(
        name: member.key, isRequired: bool(object["required"], at + ".required") ?? false,
        defaultValue: string(object["default"], at + ".default"), values: nil, range: nil,
        maxLength: Int(number(object["maxLength"], at + ".maxLength", in: 1...65_536) ?? 1024))
      if let values = array(object["values"], at + ".values") {
        parameter.values = values.enumerated().compactMap {
          string($0.element, Self.element(at + ".values", $0.offset))
        }
      }
      if let bounds = array(object["range"], at + ".range") {
        let numbers = bounds.enumerated().compactMap {
          number($0.element, Self.element(at + ".range", $0.offset), in: -1e15...1e15).map(Int.init)
        }
        if numbers.count == 2, numbers[0] <= numbers[1] {
          parameter.range = numbers[0]...numbers[1]
        } else {
          fail(at + ".range", "expected [LOWEST, HIGHEST]")
        }
      }
      if let value = parameter.defaultValue, !parameter.accepts(value) {
        fail(
          at + ".default",
          "the default '\(TextEscaping.echoed(value, limit: 40))' is not \(parameter.expected)")
      }
      parameters.append(parameter)
    }
    return parameters
  }
}

extension SpecValue {
  /// An object's keys in order; empty for other values.
  var objectKeys: [String] {
    guard case .object(let members) = self else { return [] }
    return members.map(\.key)
  }
}
