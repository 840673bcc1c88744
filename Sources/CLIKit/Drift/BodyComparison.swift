/// Compares a recorded JSON body with the live one, per JSON path, without the network: what
/// `tableflow drift` reports for one request.
///
/// Structure first: the elements of an array are merged into one shape (`.books[]`), so a list
/// that grew or shrank is no finding, while a field that every element lost is. A field only the
/// live answer has is `added` (info), one only the recording has is `removed` (warning), one whose
/// kinds differ is `typeChanged` (error); `null` is compatible with every kind (a field seen only
/// as `null` on one side is not a type change), and an array empty on either side says nothing
/// about its elements. With `values`, same-kind scalars are also compared element by element
/// (`.books[2].title`), and arrays by length (`valueChanged`, warning).
struct BodyComparison: Sendable {
  /// Whether to compare values too.
  var values = false
  /// Findings at or below these paths are dropped.
  var ignored: [DriftPath] = []

  /// The findings: structural ones in key order, then (with `values`) value ones.
  func findings(recorded: BodyJSON, live: BodyJSON) -> [DriftFinding] {
    var found: [DriftFinding] = []
    compare(Shape(recorded), Shape(live), at: .root, into: &found)
    if values { compareValues(recorded, live, at: .root, into: &found) }
    return found.filter { finding in
      guard let path = finding.path else { return true }
      return !ignored.contains { $0.covers(path) }
    }
  }

  /// Everything seen at one path: the kinds, an object's keys, the merged elements of arrays.
  private struct Shape {
    var kinds: Set<BodyJSON.Kind> = []
    var members: [String: Shape] = [:]
    /// The merged elements, when an array with elements was seen (an array of at most one:
    /// a struct cannot hold itself directly).
    private var elementShape: [Shape] = []
    var elements: Shape? {
      get { elementShape.first }
      set { elementShape = newValue.map { [$0] } ?? [] }
    }

    init(_ value: BodyJSON) { add(value) }
    init() {}

    mutating func add(_ value: BodyJSON) {
      kinds.insert(value.kind)
      switch value {
      case .object(let object):
        for (key, member) in object { members[key, default: Shape()].add(member) }
      case .array(let items):
        for item in items {
          var merged = elements ?? Shape()
          merged.add(item)
          elements = merged
        }
      default: break
      }
    }

    /// The kinds other than `null`, as a finding names them: `number` or `number|string`.
    var kindText: String {
      let shown = kinds.subtracting([.null]).sorted()
      return shown.isEmpty ? "null" : shown.map(\.rawValue).joined(separator: "|")
    }
  }

  private func compare(_ recorded: Shape, _ live: Shape, at path: DriftPath, into found: inout [DriftFinding])
  {
    let recordedKinds = recorded.kinds.subtracting([.null])
    let liveKinds = live.kinds.subtracting([.null])
    if !recordedKinds.isEmpty && !liveKinds.isEmpty && recordedKinds != liveKinds {
      found.append(
        DriftFinding(kind: .typeChanged, path: path, recorded: recorded.kindText, live: live.kindText))
    }
    if recorded.kinds.contains(.object) && live.kinds.contains(.object) {
      for key in Set(recorded.members.keys).union(live.members.keys).sorted() {
        let here = path.appending(.key(key))
        switch (recorded.members[key], live.members[key]) {
        case (let old?, let new?): compare(old, new, at: here, into: &found)
        case (let old?, nil): found.append(DriftFinding(kind: .removed, path: here, recorded: old.kindText))
        case (nil, let new?): found.append(DriftFinding(kind: .added, path: here, live: new.kindText))
        case (nil, nil): break
        }
      }
    }
    if let old = recorded.elements, let new = live.elements {
      compare(old, new, at: path.appending(.anyElement), into: &found)
    }
  }

  private func compareValues(
    _ recorded: BodyJSON, _ live: BodyJSON, at path: DriftPath, into found: inout [DriftFinding]
  ) {
    switch (recorded, live) {
    case (.object(let old), .object(let new)):
      for key in Set(old.keys).intersection(new.keys).sorted() {
        if let left = old[key], let right = new[key] {
          compareValues(left, right, at: path.appending(.key(key)), into: &found)
        }
      }
    case (.array(let old), .array(let new)):
      if old.count != new.count {
        found.append(
          DriftFinding(kind: .valueChanged, path: path, recorded: recorded.summary, live: live.summary))
      }
      for index in 0..<min(old.count, new.count) {
        compareValues(old[index], new[index], at: path.appending(.element(index)), into: &found)
      }
    default:
      if recorded.kind == live.kind && recorded != live {
        found.append(
          DriftFinding(kind: .valueChanged, path: path, recorded: recorded.summary, live: live.summary))
      }
    }
  }
}
