/// How a section made from records becomes one section per distinct value of a record field
/// (`groupBy`): the key of each record, the order of the groups, their titles and the id of
/// each group's section.
struct SpecGrouping: Sendable {
  /// How the groups that `first` does not list are ordered.
  enum Order: String, Hashable, Sendable, CaseIterable {
    /// In the order their first record appears.
    case appearance
    /// By key, ascending (Unicode order).
    case ascending
    /// By key, descending.
    case descending
  }

  /// The group of a record (`${item.status}`). A record whose key cannot be filled joins the
  /// group of the record before it (before any, the first group).
  var key: SpecTemplate
  /// The keys whose groups come first, in this order (when they have records).
  var first: [String]
  /// The order of the other groups.
  var order: Order
  /// `group.title` by key; the key itself for the others.
  var titles: [String: String]
  /// The id of a group's section (it reads `group.key`, so each group's is its own).
  var id: SpecTemplate

  /// The most groups one section makes: beyond it, the answer is shown as an error.
  static let maximumGroups = 10_000

  /// The title of the group `key`.
  func title(of key: String) -> String { titles[key] ?? key }
}

/// One group of a grouped section: its key and its records, in order.
struct SpecGroup: Hashable, Sendable {
  var key: String
  var records: [SpecGroupedRecord]
}

/// A record of a grouped section and the page it came from.
///
/// Unlike a ``SpecRecord``, equal only at the same index of the same page: a group's rows
/// are memoised by their place in the group, which is not the record's place in its page.
struct SpecGroupedRecord: Hashable, Sendable {
  var page: Int
  var record: SpecRecord

  static func == (lhs: SpecGroupedRecord, rhs: SpecGroupedRecord) -> Bool {
    lhs.page == rhs.page && lhs.record.index == rhs.record.index && lhs.record == rhs.record
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(page)
    hasher.combine(record.index)
    hasher.combine(record)
  }
}

extension SpecGrouping {
  /// The groups of the records of `pages`, in the grouping's order, none empty.
  /// - Throws: ``SpecAnswerError`` when the records make more than ``maximumGroups`` groups.
  /// - Complexity: O(records) key renderings and dictionary look-ups, plus sorting the
  ///   groups for `ascending` and `descending`.
  func groups(of pages: [[SpecRecord]], scope: SpecScope) throws(SpecAnswerError) -> [SpecGroup] {
    var groups = first.map { SpecGroup(key: $0, records: []) }
    var positions: [String: Int] = [:]
    for (index, key) in first.enumerated() where positions[key] == nil { positions[key] = index }
    var current: Int?
    var leading: [SpecGroupedRecord] = []
    for (pageIndex, page) in pages.enumerated() {
      for record in page {
        var scope = scope
        scope.item = record.value
        scope.itemSteps = record.steps
        scope.position = (pageIndex, record.index)
        if let key = self.key.renderIfPossible(scope) {
          if let known = positions[key] {
            current = known
          } else {
            guard groups.count < Self.maximumGroups else {
              throw SpecAnswerError(message: "the records make more than \(Self.maximumGroups) groups")
            }
            positions[key] = groups.count
            current = groups.count
            groups.append(SpecGroup(key: key, records: []))
          }
        }
        let entry = SpecGroupedRecord(page: pageIndex, record: record)
        if let current { groups[current].records.append(entry) } else { leading.append(entry) }
      }
    }
    if !leading.isEmpty {
      // Records without a key before any with one: the first group's (a group of the empty
      // key when no record has one).
      if groups.isEmpty {
        groups = [SpecGroup(key: "", records: leading)]
      } else {
        groups[0].records.insert(contentsOf: leading, at: 0)
      }
    }
    var rest = groups[first.count...].filter { !$0.records.isEmpty }
    switch order {
    case .appearance: break
    case .ascending: rest.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
    case .descending: rest.sort { $1.key.unicodeScalars.lexicographicallyPrecedes($0.key.unicodeScalars) }
    }
    return groups[..<first.count].filter { !$0.records.isEmpty } + rest
  }
}
