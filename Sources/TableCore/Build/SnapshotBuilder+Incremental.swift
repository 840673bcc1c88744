extension SnapshotBuilder {
  /// Validates the sections as the next version of `previous`, reusing what validating
  /// `previous` proved.
  ///
  /// Gives exactly what ``build()`` gives, the same snapshot or the same error; only the cost
  /// differs. When `previous` was made by validation (``build()``, this method,
  /// ``TableSnapshot/init(validating:policy:hidingEmptySections:)``,
  /// ``TableSnapshot/init(validating:updating:policy:hidingEmptySections:)``, or
  /// ``TableSnapshot/appendingSections(_:)`` of one), it keeps the hashes of its row ids. Then,
  /// for each section with the id of a previous section, the common prefix and suffix of its
  /// rows by id are rows `previous` already holds, distinct by construction: they are compared,
  /// not hashed. Only the rows between (and the rows of sections new to the table) are hashed,
  /// checked against each other and against the hashes of the rows kept; a section whose rows
  /// are the previous section's very array costs O(1). The new snapshot's hashes are the
  /// previous ones, copied, with the rows that left and arrived taken out and put in.
  ///
  /// It validates everything, as ``build()`` does, when `previous` keeps no hashes, when more
  /// than half of the rows are new, and whenever a changed row might clash (two section ids
  /// equal, a hash shared with a kept row, an invalid height): so errors name the same
  /// positions as ``build()``'s.
  ///
  /// ```swift
  /// let next = try builder.build(updating: current)   // current: the table shown now
  /// let changeset = next.difference(from: current)
  /// ```
  ///
  /// - Throws: ``SnapshotError``, as ``build()``.
  /// - Complexity: O(sections + rows in the common prefixes and suffixes + changed rows); a
  ///   row in common costs one comparison of ids (of storage, when the row is shared with
  ///   `previous`) and is never hashed, and the copy of the hashes is plain memory.
  public func build(updating previous: TableSnapshot) throws(SnapshotError) -> TableSnapshot {
    guard let snapshot = incrementalBuild(updating: previous) else { return try build() }
    return snapshot
  }

  /// The snapshot, validated against what `previous` proved; `nil` when ``build()`` must decide.
  func incrementalBuild(updating previous: TableSnapshot) -> TableSnapshot? {
    guard let known = previous.rowIDs else { return nil }
    let old = previous.sections
    var oldIndex = [SectionID: Int](minimumCapacity: old.count)
    for (index, section) in old.enumerated() { oldIndex[section.id] = index }
    var sectionIDs = Set<SectionID>(minimumCapacity: sections.count)
    var oldKept = [Bool](repeating: false, count: old.count)
    var changes = RowChanges()
    var total = 0
    for section in sections {
      guard sectionIDs.insert(section.id).inserted else { return nil }
      total += section.rows.count
      let clean = section.rows.withUnsafeBufferPointer { newRows in
        guard let index = oldIndex[section.id] else {
          return changes.arrive(newRows, from: 0, to: newRows.count)
        }
        oldKept[index] = true
        return old[index].rows.withUnsafeBufferPointer { oldRows in
          guard oldRows.baseAddress != newRows.baseAddress || oldRows.count != newRows.count else {
            return true  // the previous section's very rows
          }
          return changes.compare(oldRows, newRows)
        }
      }
      guard clean else { return nil }
    }
    for index in old.indices where !oldKept[index] {
      for row in old[index].rows { changes.leaving.append(RowIDCounts.hash(row.id)) }
    }
    guard changes.arriving.count * 2 <= total + 1 else { return nil }
    guard let rowIDs = changes.applied(to: known) else { return nil }
    return TableSnapshot(validatedSections: visible(sections), rowIDs: rowIDs)
  }
}

/// The rows that arrive in a table and leave it, as incremental validation finds them.
private struct RowChanges {
  /// Ids and hashes of rows outside the common prefixes and suffixes of the new table.
  var arriving: [(id: RowID, hash: UInt64)] = []
  /// Hashes of the previous table's rows outside the common prefixes and suffixes.
  var leaving: [UInt64] = []

  /// Notes the new rows `start..<end` as arriving, checking their heights.
  mutating func arrive(_ rows: UnsafeBufferPointer<Row>, from start: Int, to end: Int) -> Bool {
    for index in start..<end {
      let row = rows[index]
      guard SnapshotBuilder.isValidHeight(row.height) else { return false }
      arriving.append((row.id, RowIDCounts.hash(row.id)))
    }
    return true
  }

  /// Trims the common prefix and suffix of a section's previous and new rows by id; the rows
  /// between arrive and leave. A row in common that is not the previous row itself has its
  /// height checked.
  mutating func compare(_ old: UnsafeBufferPointer<Row>, _ new: UnsafeBufferPointer<Row>) -> Bool {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix].hasSameID(as: new[prefix]) {
      let row = new[prefix]
      guard row.isSameRow(as: old[prefix]) || SnapshotBuilder.isValidHeight(row.height) else {
        return false
      }
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix
      && old[old.count - 1 - suffix].hasSameID(as: new[new.count - 1 - suffix])
    {
      let row = new[new.count - 1 - suffix]
      guard row.isSameRow(as: old[old.count - 1 - suffix]) || SnapshotBuilder.isValidHeight(row.height)
      else { return false }
      suffix += 1
    }
    for index in prefix..<(old.count - suffix) { leaving.append(RowIDCounts.hash(old[index].id)) }
    return arrive(new, from: prefix, to: new.count - suffix)
  }

  /// The previous table's hashes with the leaving rows taken out and the arriving ones put
  /// in; `nil` when an arriving id may equal a kept row's or another arriving one's.
  func applied(to known: RowIDCounts) -> RowIDCounts? {
    var left = RowIDCounts(capacity: leaving.count)
    for hash in leaving { left.add(hash) }
    var ids = Set<RowID>(minimumCapacity: arriving.count)
    for row in arriving {
      // Every previous row with this hash is leaving: no kept row has this id.
      guard known.count(of: row.hash) == left.count(of: row.hash) else { return nil }
      guard ids.insert(row.id).inserted else { return nil }
    }
    var result = known
    // A hash missing here would mean `known` is not `previous`'s: let the full pass decide.
    for hash in leaving where !result.remove(hash) { return nil }
    for row in arriving { result.add(row.hash) }
    return result
  }
}
