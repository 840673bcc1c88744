/// The row ids of a validated snapshot as a multiset of 64-bit hashes: what incremental
/// validation (``SnapshotBuilder/build(updating:)``) asks of the previous snapshot, kept with it.
///
/// Only hashes are stored (FNV-1a over the id's UTF-8, as ``RowIDTable``), in two flat arrays
/// of integers: copying the table for the next snapshot is one copy of plain memory, with no
/// reference counting, and updating it costs O(rows added and removed). A hash says for sure
/// that an id is absent; a present hash only says it may be there (the caller then validates
/// the slow, exact way). A removed hash leaves its slot marked (count 0) so that probing still
/// passes it; the table is rebuilt, without touching any id, when marked slots fill it.
struct RowIDCounts: Sendable {
  /// Per slot: 0 when never used, else the hash (a hash of 0 is stored as 1).
  private var hashes: [UInt64]
  /// Per slot: how many ids have that hash.
  private var counts: [UInt32]
  /// Slots ever used, live or not.
  private var used = 0

  /// An empty table with room for `capacity` ids before it grows.
  init(capacity: Int) {
    var size = 16
    while size < capacity + capacity / 2 { size <<= 1 }
    hashes = [UInt64](repeating: 0, count: size)
    counts = [UInt32](repeating: 0, count: size)
  }

  /// The hash stored for `id`.
  static func hash(_ id: RowID) -> UInt64 {
    let hash = RowIDTable.hash(id)
    return hash == 0 ? 1 : hash
  }

  private func slot(of hash: UInt64) -> Int? {
    let mask = hashes.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while hashes[slot] != 0 {
      if hashes[slot] == hash { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// How many ids with this hash the table holds.
  func count(of hash: UInt64) -> Int {
    slot(of: hash).map { Int(counts[$0]) } ?? 0
  }

  /// Adds one id with this hash.
  ///
  /// - Returns: How many ids with this hash the table now holds.
  @discardableResult
  mutating func add(_ hash: UInt64) -> Int {
    if let slot = slot(of: hash) {
      counts[slot] += 1
      return Int(counts[slot])
    }
    if (used + 1) * 4 > hashes.count * 3 { grow() }
    let mask = hashes.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while hashes[slot] != 0 { slot = (slot + 1) & mask }
    hashes[slot] = hash
    counts[slot] = 1
    used += 1
    return 1
  }

  /// The number of ids held.
  var total: Int { counts.reduce(0) { $0 + Int($1) } }

  /// Removes one id with this hash.
  ///
  /// - Returns: `false` when the table holds no id with this hash (it is then unchanged).
  mutating func remove(_ hash: UInt64) -> Bool {
    guard let slot = slot(of: hash), counts[slot] > 0 else { return false }
    counts[slot] -= 1
    return true
  }

  /// Rehashes the live entries into a table with room for twice as many.
  private mutating func grow() {
    var live = 0
    for count in counts where count > 0 { live += 1 }
    var grown = RowIDCounts(capacity: max(16, live * 2))
    for slot in hashes.indices where counts[slot] > 0 {
      grown.insertNew(hashes[slot], count: counts[slot])
    }
    self = grown
  }

  private mutating func insertNew(_ hash: UInt64, count: UInt32) {
    let mask = hashes.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while hashes[slot] != 0 { slot = (slot + 1) & mask }
    hashes[slot] = hash
    counts[slot] = count
    used += 1
  }
}
