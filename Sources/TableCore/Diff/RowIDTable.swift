/// An open-addressing hash table from row ids to integers, for the diff's leftover rows.
///
/// Cheaper than `Dictionary<RowID, Int>` for this one job: ids are hashed once with FNV-1a
/// over their UTF-8 bytes (no per-process seed is needed: the table never leaves the diff,
/// and the diff's result does not depend on the hash), slots hold 32-bit entry numbers next
/// to the stored hashes, and strings are compared only when the hashes agree. Insert-once,
/// remove-on-match: exactly what matching leftovers needs.
struct RowIDTable {
  private var ids: [RowID] = []
  private var values: [Int] = []
  /// Per slot: 0 when empty, else entry number + 1; negative once removed (a tombstone).
  private var slots: [Int32]
  private var hashes: [UInt64]
  private let mask: Int

  /// Creates a table for up to `capacity` entries.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    hashes = [UInt64](repeating: 0, count: size)
    mask = size - 1
    ids.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  static func hash(_ id: RowID) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var text = id.rawValue
    text.withUTF8 { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return hash ^ (hash >> 29)
  }

  /// Adds `id` → `value` unless `id` is already present (the first value wins).
  mutating func insertIfAbsent(_ id: RowID, _ value: Int) {
    let hash = Self.hash(id)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      if slots[slot] > 0 && hashes[slot] == hash && ids[Int(slots[slot]) - 1] == id { return }
      slot = (slot + 1) & mask
    }
    ids.append(id)
    values.append(value)
    slots[slot] = Int32(ids.count)
    hashes[slot] = hash
  }

  /// Removes `id` and returns its value, or returns `nil` when absent.
  mutating func removeValue(for id: RowID) -> Int? {
    let hash = Self.hash(id)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot])
      if entry > 0 && hashes[slot] == hash && ids[entry - 1] == id {
        slots[slot] = -1
        return values[entry - 1]
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The value for `id`, or `nil`.
  func value(for id: RowID) -> Int? {
    let hash = Self.hash(id)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot])
      if entry > 0 && hashes[slot] == hash && ids[entry - 1] == id { return values[entry - 1] }
      slot = (slot + 1) & mask
    }
    return nil
  }
}
