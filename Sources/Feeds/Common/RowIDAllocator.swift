import TableCore

/// Hands out row ids that are unique within one snapshot, for backends that repeat items.
struct RowIDAllocator {
  private var used: Set<String> = []

  /// Claims `id`; `nil` when it is already taken (the caller keeps the first occurrence).
  mutating func claim(_ id: String) -> RowID? {
    used.insert(id).inserted ? RowID(id) : nil
  }

  /// Claims `id`, or `id-2`, `id-3`… when taken, so repeated items all show.
  mutating func disambiguate(_ id: String) -> RowID {
    if used.insert(id).inserted { return RowID(id) }
    var suffix = 2
    while !used.insert("\(id)-\(suffix)").inserted { suffix += 1 }
    return RowID("\(id)-\(suffix)")
  }
}
