import Foundation
import TableCore

/// Drafts a spec from one sample answer (`tableflow spec init SAMPLE.json`): finds the largest
/// array of objects, proposes the record's identity (a member named like an id) and a field
/// per scalar member of its first records, and writes a one-screen spec to edit.
public enum SpecDraft {
  /// The draft spec's text for `sample` (a JSON answer), feed `name`, request `path`.
  /// - Throws: ``SpecSyntaxError`` when the sample is not JSON.
  public static func spec(
    fromSample sample: [UInt8], name: String, path: String
  ) throws(SpecSyntaxError) -> String {
    let root = try SpecValue.parse(sample)
    let found = largestArray(in: root)
    let pointer = found.map { pointerText($0.steps) } ?? ""
    let records = found?.elements ?? []
    var keys: [String] = []
    for case .object(let members) in records.prefix(20) {
      for member in members where member.value.scalarText != nil && !keys.contains(member.key) {
        keys.append(member.key)
      }
    }
    let idKey =
      keys.first { ["id", "uuid", "key", "number", "slug"].contains($0.lowercased()) }
      ?? keys.first { $0.lowercased().hasSuffix("id") } ?? keys.first
    let fields = keys.prefix(8).filter { $0 != idKey }
    let fieldsText = fields.map { "\"\(escaped($0))\": \"${\(variable($0))}\"" }.joined(separator: ", ")
    let id = idKey.map { "item-${\(variable($0))}" } ?? "item-${position.page}-${position.index}"
    return """
      {
        "$schema": "tableflow-spec.schema.json",
        "tableflow-spec": 1,
        "name": "\(escaped(name))",
        "summary": "drafted from a sample answer: check the id and the fields",
        "entry": "main",
        "screens": {
          "main": {
            "requests": { "main": { "path": "\(escaped(path))", "records": "\(escaped(pointer))" } },
            "sections": [
              {
                "id": "items", "records": "main",
                "rows": [ { "kind": "item", "id": "\(escaped(id))", "fields": { \(fieldsText) } } ]
              }
            ]
          }
        }
      }

      """
  }

  /// The largest array whose elements are mostly objects, and its path; breadth first, with
  /// an explicit queue (no recursion), at most 100,000 values looked at.
  static func largestArray(in root: SpecValue) -> (steps: [String], elements: [SpecValue])? {
    var queue: [(steps: [String], value: SpecValue)] = [([], root)]
    var best: (steps: [String], elements: [SpecValue])?
    var index = 0
    while index < queue.count, index < 100_000 {
      let (steps, value) = queue[index]
      index += 1
      switch value {
      case .array(let elements):
        let objects = elements.filter { if case .object = $0 { true } else { false } }.count
        if objects * 2 > elements.count, objects > (best?.elements.count ?? 0) { best = (steps, elements) }
        for (offset, element) in elements.prefix(50).enumerated() {
          queue.append((steps + [String(offset)], element))
        }
      case .object(let members):
        for member in members { queue.append((steps + [member.key], member.value)) }
      default: break
      }
    }
    return best
  }

  /// RFC 6901: `~` as `~0`, `/` as `~1`.
  static func pointerText(_ steps: [String]) -> String {
    steps.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
      .joined()
  }

  /// `item.name`, or `item['odd key']` when the key is not a plain name.
  static func variable(_ key: String) -> String {
    let plain = !key.isEmpty && key.unicodeScalars.allSatisfy(SpecPath.isNameScalar)
    return plain ? "item.\(key)" : "item['\(key.replacingOccurrences(of: "'", with: ""))']"
  }

  /// `text` escaped for a JSON string.
  static func escaped(_ text: String) -> String {
    var output = ""
    JSONValue.writeString(text, to: &output)
    return String(output.dropFirst().dropLast())
  }
}
