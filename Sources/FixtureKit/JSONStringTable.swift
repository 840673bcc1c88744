#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The non-ASCII string values of a decoded document, found by their bytes: what decoding the
/// next version of the same document (a refresh of the same request) hands out again for a
/// string with the very same bytes, instead of making and checking a new one.
///
/// A string found here is the earlier document's value itself, so the new answer shares its
/// storage: an unchanged item then costs no memory of its own, and comparing it with the item
/// decoded before is `String`'s comparison of identical storage, which reads no byte. The
/// values are the same either way (the same bytes make an equal string).
///
/// Immutable once built; holds its strings alive as long as it is kept.
package final class JSONStringTable: Sendable {
  /// Strings with their hashes, not yet indexed: what is kept until a next version comes
  /// (most documents never have one, so the index is built only for those that do).
  package struct Contents: Sendable {
    package var strings: [String]
    package var hashes: [UInt64]

    package init(strings: [String], hashes: [UInt64]) {
      self.strings = strings
      self.hashes = hashes
    }
  }

  private let strings: [String]
  private let hashes: [UInt64]
  /// Per slot: 0 when empty, else the string's index + 1.
  private let slots: [Int32]
  private let mask: Int

  /// Indexes `contents`.
  package convenience init(_ contents: Contents) {
    self.init(strings: contents.strings, hashes: contents.hashes)
  }

  /// Indexes `strings`, whose ``hash(_:count:)``es are `hashes`.
  package init(strings: [String], hashes: [UInt64]) {
    precondition(strings.count == hashes.count, "one hash per string")
    var size = 16
    while size < strings.count * 2 { size <<= 1 }
    var slots = [Int32](repeating: 0, count: size)
    let mask = size - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }
    self.strings = strings
    self.hashes = hashes
    self.slots = slots
    self.mask = mask
  }

  /// The number of strings held.
  package var count: Int { strings.count }

  /// The string held whose UTF-8 is the `count` bytes at `start` (whose hash is `hash`), if any.
  package func string(matching start: UnsafePointer<UInt8>, count: Int, hash: UInt64) -> String? {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      if hashes[index] == hash {
        let candidate = strings[index]
        let same = candidate.utf8.withContiguousStorageIfAvailable { utf8 in
          utf8.count == count
            && (count == 0 || utf8.baseAddress.map { memcmp($0, start, count) == 0 } == true)
        }
        if same == true { return candidate }
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// A 64-bit hash of `count` bytes, eight at a time (not a per-process seeded one: the table
  /// never leaves the process, and nothing depends on the hash but where a string is looked
  /// for; equal hashes are always confirmed by comparing the bytes).
  @inline(__always)
  package static func hash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(start)
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
    var offset = 0
    while offset + 8 <= count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 32
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(start[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 29)
  }
}
