/// An open-addressing hash index over an array of row ids, for the diff's leftover rows.
///
/// Cheaper than `Dictionary<RowID, Int>` for this one job: the ids stay in the caller's array
/// (the table holds 32-bit positions into it next to the stored hashes), ids are hashed with
/// FNV-1a over their UTF-8 bytes (no per-process seed is needed: the table never leaves the
/// diff, and the diff's result does not depend on the hash), and strings are compared only
/// when the hashes agree. Index once, then look up or take each id: exactly what matching
/// leftovers needs. With duplicate ids, the first position wins.
struct RowIDTable {
  private let keys: [RowID]
  /// Per slot: 0 when empty, else position + 1; negated once taken (a tombstone).
  private var slots: [Int32]
  private var hashes: [UInt64]
  private let mask: Int

  /// Indexes `keys`.
  ///
  /// - Complexity: O(n) expected.
  init(_ keys: [RowID]) {
    self.keys = keys
    var size = 16
    while size < keys.count * 2 { size <<= 1 }
    var slots = [Int32](repeating: 0, count: size)
    var hashes = [UInt64](repeating: 0, count: size)
    let mask = size - 1
    keys.withUnsafeBufferPointer { keys in
      slots.withUnsafeMutableBufferPointer { slots in
        hashes.withUnsafeMutableBufferPointer { hashes in
          for position in keys.indices {
            let hash = Self.hash(keys[position])
            var slot = Int(truncatingIfNeeded: hash) & mask
            var isDuplicate = false
            while slots[slot] != 0 {
              if hashes[slot] == hash && keys[Int(slots[slot]) - 1] == keys[position] {
                isDuplicate = true
                break
              }
              slot = (slot + 1) & mask
            }
            if !isDuplicate {
              slots[slot] = Int32(truncatingIfNeeded: position + 1)
              hashes[slot] = hash
            }
          }
        }
      }
    }
    self.slots = slots
    self.hashes = hashes
    self.mask = mask
  }

  static func hash(_ id: RowID) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var text = id.rawValue
    text.withUTF8 { bytes in
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return hash ^ (hash >> 29)
  }

  private func slot(of id: RowID, hash: UInt64) -> Int? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot])
      if entry > 0 && hashes[slot] == hash && keys[entry - 1] == id { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The position of `id` in the keys, or `nil`.
  func position(of id: RowID) -> Int? {
    slot(of: id, hash: Self.hash(id)).map { Int(slots[$0]) - 1 }
  }

  /// The position of `id` in the keys, which no later call returns again; `nil` when absent
  /// or already taken.
  mutating func take(_ id: RowID) -> Int? {
    guard let slot = slot(of: id, hash: Self.hash(id)) else { return nil }
    let position = Int(slots[slot]) - 1
    slots[slot] = -slots[slot]
    return position
  }
}
