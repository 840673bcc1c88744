import Foundation
import TestSupport
import Testing

@testable import Feeds

/// `Examples/Specs/tableflow-spec.schema.json` and the loader agree: at every object of the
/// spec language the keys the loader accepts are the schema's properties (and the schema closes
/// no object the loader does not check), the enumerations match, and every shipped spec is valid
/// by the schema as well as by the loader.
@Suite("Spec JSON Schema")
struct SpecSchemaTests {
  static let root = APIServer.packageRoot.appendingPathComponent("Examples/Specs")

  static func schema() throws -> SpecSchemaValidator {
    let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("tableflow-spec.schema.json")))
    return SpecSchemaValidator(root: try SpecValue.parse(bytes))
  }

  /// A spec using every object of the language once.
  static let probeSpec = """
    { "tableflow-spec": 1, "name": "probe", "screens": { "s": {
      "parameters": { "p": { "default": "x" } }, "actions": { "act": { "path": "/a" } },
      "requests": { "main": { "path": "/r", "records": "/items", "pagination": { "style": "page" } } },
      "sections": [ { "id": "a", "records": "main", "rows": [
        { "kind": "k", "id": "k-${item.id}", "when": { "path": "item.t", "equals": 1 }, "fields": { "f": { "value": "${item.t}" } },
          "height": { "lines": [ { "text": "${item.t}" } ] }, "select": { "open": "${item.u}" } } ] },
        { "id": "g-${group.key}", "records": "main", "groupBy": { "key": "${item.t}" },
          "rows": [ { "kind": "g", "id": "g-${item.id}" } ] },
        { "id": "form", "rows": [
          { "kind": "e", "id": "e", "edit": { "name": "e", "rules": [ { "required": true, "message": "m" } ] } },
          { "kind": "t", "id": "t", "toggle": { "name": "t" } } ] } ] } } }
    """

  enum Step: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  /// Each object of `probeSpec` and the schema that describes it.
  static let objects: [(steps: [Step], schema: String)] = [
    ([], "#"),
    ([.key("screens"), .key("s")], "#/$defs/screen"),
    (
      [.key("screens"), .key("s"), .key("parameters"), .key("p")],
      "#/$defs/screen/properties/parameters/additionalProperties"
    ),
    ([.key("screens"), .key("s"), .key("requests"), .key("main")], "#/$defs/request"),
    (
      [.key("screens"), .key("s"), .key("requests"), .key("main"), .key("pagination")],
      "#/$defs/request/properties/pagination"
    ),
    ([.key("screens"), .key("s"), .key("sections"), .index(0)], "#/$defs/section"),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0)], "#/$defs/prototype"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0), .key("when")],
      "#/$defs/selector"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0), .key("height")],
      "#/$defs/prototype/properties/height/oneOf/1"
    ),
    (
      [
        .key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0), .key("height"),
        .key("lines"), .index(0),
      ],
      "#/$defs/prototype/properties/height/oneOf/1/properties/lines/items"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0), .key("select")],
      "#/$defs/prototype/properties/select"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(1), .key("groupBy")],
      "#/$defs/section/properties/groupBy"
    ),
    ([.key("screens"), .key("s"), .key("actions"), .key("act")], "#/$defs/action"),
    (
      [
        .key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0), .key("fields"),
        .key("f"),
      ],
      "#/$defs/field/oneOf/1"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(2), .key("rows"), .index(0), .key("edit")],
      "#/$defs/prototype/properties/edit"
    ),
    (
      [
        .key("screens"), .key("s"), .key("sections"), .index(2), .key("rows"), .index(0), .key("edit"),
        .key("rules"), .index(0),
      ],
      "#/$defs/prototype/properties/edit/properties/rules/items"
    ),
    (
      [.key("screens"), .key("s"), .key("sections"), .index(2), .key("rows"), .index(1), .key("toggle")],
      "#/$defs/prototype/properties/toggle"
    ),
  ]

  /// `value` with `change` applied to what `steps` lead to.
  static func edit(
    _ value: SpecValue, at steps: ArraySlice<Step>, _ change: (inout SpecValue) -> Void
  ) -> SpecValue {
    guard let step = steps.first else {
      var copy = value
      change(&copy)
      return copy
    }
    switch (step, value) {
    case (.key(let key), .object(var members)):
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = edit(members[index].value, at: steps.dropFirst(), change)
      }
      return .object(members)
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      elements[index] = edit(elements[index], at: steps.dropFirst(), change)
      return .array(elements)
    default: return value
    }
  }

  /// The loader's problems with `value`.
  static func loaderIssues(_ value: SpecValue) -> [String] {
    var compiler = SpecCompiler()
    _ = compiler.compileSpec(value)
    return compiler.issues.map(\.cause)
  }

  /// The list a loader message ends with: `… (expected: a, b, c)`.
  static func expectedList(in issues: [String], after prefix: String) -> Set<String>? {
    guard let issue = issues.first(where: { $0.hasPrefix(prefix) }),
      let open = issue.range(of: "(expected: ", options: .backwards), issue.hasSuffix(")")
    else { return nil }
    let list = issue[open.upperBound..<issue.index(before: issue.endIndex)]
    return Set(list.components(separatedBy: ", "))
  }

  static func keys(_ value: SpecValue?) -> Set<String> {
    guard case .object(let members)? = value else { return [] }
    return Set(members.map(\.key))
  }

  @Test("the probe spec is valid by the loader and by the schema")
  func probeIsValid() throws {
    let value = try SpecValue.parse(Array(Self.probeSpec.utf8))
    #expect(Self.loaderIssues(value).isEmpty)
    #expect(try Self.schema().problems(of: value).isEmpty)
  }

  @Test("at every object, the keys the loader accepts are the schema's properties")
  func keysAgree() throws {
    let schema = try Self.schema()
    let spec = try SpecValue.parse(Array(Self.probeSpec.utf8))
    for object in Self.objects {
      let node = try #require(schema.resolve(object.schema), "no \(object.schema) in the schema")
      let probed = Self.edit(spec, at: object.steps[...]) { value in
        if case .object(var members) = value {
          members.append(SpecMember("zzProbe", .integer(0)))
          value = .object(members)
        }
      }
      let accepted = Self.expectedList(in: Self.loaderIssues(probed), after: "unknown key 'zzProbe'")
      #expect(accepted == Self.keys(node["properties"]), "keys at \(object.schema)")
      // The schema refuses the unknown key there too.
      #expect(
        schema.problems(of: probed).contains { $0.hasSuffix("zzProbe: not a property the schema allows") },
        "\(object.schema): \(schema.problems(of: probed))")
    }
  }

  @Test("every object the schema closes (additionalProperties: false) is one the loader checks")
  func everyClosedObjectIsProbed() throws {
    var closed: [String] = []
    func walk(_ value: SpecValue, _ pointer: String) {
      switch value {
      case .object(let members):
        if value["additionalProperties"] == .bool(false) { closed.append(pointer) }
        for member in members { walk(member.value, pointer + "/" + member.key) }
      case .array(let elements):
        for (index, element) in elements.enumerated() { walk(element, pointer + "/\(index)") }
      default: break
      }
    }
    walk(try Self.schema().root, "#")
    #expect(Set(closed) == Set(Self.objects.map(\.schema)))
  }

  @Test("every key list of the loader's source is the property set of a closed schema object")
  func loaderSourceKeyLists() throws {
    let schema = try Self.schema()
    let folder = APIServer.packageRoot.appendingPathComponent("Sources/Feeds/Spec")
    let expression = try NSRegularExpression(pattern: #"allowed:\s*\[([^\]]*)\]"#)
    var lists: [Set<String>] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range(at: 1), in: text) else { continue }
        let elements = text[range].split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.isEmpty }
        // A list of string literals (not a type, such as `allowed: [String]`).
        guard !elements.isEmpty,
          elements.allSatisfy({ $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") })
        else { continue }
        lists.append(Set(elements.map { String($0.dropFirst().dropLast()) }))
      }
    }
    #expect(lists.count >= Self.objects.count)
    let schemaSets = Self.objects.compactMap { schema.resolve($0.schema) }.map { Self.keys($0["properties"]) }
    for list in lists {
      #expect(schemaSets.contains(list), "the loader accepts \(list.sorted()), which no schema object lists")
    }
  }

  @Test("the enumerations agree: pagination styles, duplicate policies, section styles, methods")
  func enumerationsAgree() throws {
    let schema = try Self.schema()
    let spec = try SpecValue.parse(Array(Self.probeSpec.utf8))
    let screen: [Step] = [.key("screens"), .key("s")]
    let cases: [(steps: [Step], key: String, prefix: String, schema: String)] = [
      (
        screen + [.key("requests"), .key("main"), .key("pagination")], "style", "unknown pagination",
        "#/$defs/request/properties/pagination/properties/style"
      ),
      (screen, "duplicates", "unknown policy", "#/$defs/screen/properties/duplicates"),
      (screen + [.key("sections"), .index(0)], "style", "unknown style", "#/$defs/section/properties/style"),
      (
        screen + [.key("requests"), .key("main")], "method", "unsupported method",
        "#/$defs/request/properties/method"
      ),
    ]
    for item in cases {
      let probed = Self.edit(spec, at: item.steps[...]) { value in
        if case .object(var members) = value {
          members.removeAll { $0.key == item.key }
          members.append(SpecMember(item.key, .string("zzz")))
          value = .object(members)
        }
      }
      let accepted = Self.expectedList(in: Self.loaderIssues(probed), after: item.prefix)
      var listed: Set<String> = []
      if case .array(let values)? = schema.resolve(item.schema)?["enum"] {
        for case .string(let text) in values {
          listed.insert(item.key == "method" ? text.uppercased() : text)
        }
      }
      #expect(accepted == listed, "\(item.schema)")
    }
  }

  @Test("every shipped spec is valid by the schema", arguments: ["books", "profile", "photos"])
  func shippedSpecsValidate(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("\(name).tableflow.json")))
    let value = try SpecValue.parse(bytes)
    let problems = try Self.schema().problems(of: value)
    #expect(problems == [], "\(problems)")
    #expect(Self.loaderIssues(value).isEmpty)
  }

  @Test("the validator is not vacuous: it finds what the schema forbids")
  func validatorRefuses() throws {
    let schema = try Self.schema()
    let spec = try SpecValue.parse(Array(Self.probeSpec.utf8))
    let cases: [(steps: [Step], key: String, value: SpecValue, problem: String)] = [
      ([], "tableflow-spec", .integer(2), "$.tableflow-spec: expected the constant 1"),
      ([], "name", .string("no spaces"), "$.name: 'no spaces' does not match ^[A-Za-z0-9_-]{1,64}$"),
      (
        [.key("screens"), .key("s"), .key("requests"), .key("main")], "path", .string("//other.host/x"),
        "$.screens.s.requests.main.path: '//other.host/x' does not match ^/(?!/)"
      ),
      (
        [.key("screens"), .key("s"), .key("sections"), .index(0), .key("rows"), .index(0)], "height",
        .integer(20_000), "$.screens.s.sections[0].rows[0].height: above 10000.0"
      ),
    ]
    for item in cases {
      let edited = Self.edit(spec, at: item.steps[...]) { value in
        if case .object(var members) = value, let index = members.firstIndex(where: { $0.key == item.key }) {
          members[index].value = item.value
          value = .object(members)
        }
      }
      #expect(schema.problems(of: edited).contains(item.problem), "\(schema.problems(of: edited))")
    }
  }
}
