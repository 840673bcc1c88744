/// The row ids the exact validation pass has seen, each with the position where it was first
/// seen: what `[RowID: RowPosition]` would hold, without hashing a `String`.
///
/// Ids are hashed once, with the FNV-1a hash over their UTF-8 bytes that ``RowIDCounts``
/// stores (`String` hashing normalises Unicode first, several times the id's length for
/// non-ASCII ids), and compared as strings only when two hashes agree. Open addressing over
/// flat arrays; the table only grows (the pass never removes an id). The hashes of every id it
/// holds are also the validated snapshot's ``RowIDCounts``, kept as the table fills.
struct RowIDPositions {
  /// Per slot: 0 when empty, else the entry's index + 1.
  private var slots: [Int32]
  private var hashes: [UInt64]
  private var entries: [(id: RowID, position: RowPosition)] = []
  private var mask: Int
  /// The hashes of the ids held, as a multiset.
  private(set) var counts: RowIDCounts

  /// An empty table with room for `capacity` ids before it grows.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    hashes = [UInt64](repeating: 0, count: size)
    mask = size - 1
    entries.reserveCapacity(capacity)
    counts = RowIDCounts(capacity: capacity)
  }

  /// Where `id` (whose ``RowIDCounts/hash(_:)`` is `hash`) was first seen, if it was.
  func position(of id: RowID, hash: UInt64) -> RowPosition? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      if hashes[slot] == hash {
        let entry = entries[Int(slots[slot]) - 1]
        if entry.id == id { return entry.position }
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Where `id` was first seen, if it was.
  func position(of id: RowID) -> RowPosition? {
    position(of: id, hash: RowIDCounts.hash(id))
  }

  /// Records `id` as first seen at `position`, unless it was seen before.
  ///
  /// - Returns: Where it was seen before, or `nil` when it is new (and now recorded).
  mutating func insert(_ id: RowID, hash: UInt64, at position: RowPosition) -> RowPosition? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      if hashes[slot] == hash {
        let entry = entries[Int(slots[slot]) - 1]
        if entry.id == id { return entry.position }
      }
      slot = (slot + 1) & mask
    }
    entries.append((id, position))
    slots[slot] = Int32(truncatingIfNeeded: entries.count)
    hashes[slot] = hash
    counts.add(hash)
    if entries.count * 2 > slots.count { grow() }
    return nil
  }

  /// Records `id`, known to be new, at `position`.
  mutating func insertNew(_ id: RowID, at position: RowPosition) {
    _ = insert(id, hash: RowIDCounts.hash(id), at: position)
  }

  /// Doubles the slots, placing every entry again by its stored hash.
  private mutating func grow() {
    let size = slots.count * 2
    var grownSlots = [Int32](repeating: 0, count: size)
    var grownHashes = [UInt64](repeating: 0, count: size)
    let grownMask = size - 1
    for slot in slots.indices where slots[slot] != 0 {
      var target = Int(truncatingIfNeeded: hashes[slot]) & grownMask
      while grownSlots[target] != 0 { target = (target + 1) & grownMask }
      grownSlots[target] = slots[slot]
      grownHashes[target] = hashes[slot]
    }
    slots = grownSlots
    hashes = grownHashes
    mask = grownMask
  }
}
