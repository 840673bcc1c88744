/// Where a model's keys were found in the objects decoded so far, so that the next object of
/// the same model is looked at there first: a backend writes the objects of one kind with
/// their keys in one order, while the model reads them in its own (Foundation's encoder, for
/// one, writes keys in an order that changes from one process to the next).
///
/// A guess is keyed by the model's `CodingKey` type and by where the object's previous lookup
/// left off (the member after the one found, as an offset from the object's entry; 0 before
/// the first), and gives the offset of the key's entry. It is only a guess: the caller checks
/// that the entry is a key of that object with that name, and looks the usual way if not.
/// Shared by a document's decoders; not thread-safe.
final class KeyGuesses {
  private struct Slot {
    /// The `CodingKey` type's bits; 0 for an empty slot.
    var type: UInt = 0
    var after: UInt32 = 0
    /// The key's entry, as an offset from its object's.
    var offset: UInt32 = 0
  }

  /// 2⁸ (``index(type:after:)`` keeps 8 bits): more than the keys of the models one document
  /// usually holds.
  private static let capacity = 256
  private let slots: UnsafeMutablePointer<Slot>

  init() {
    slots = .allocate(capacity: Self.capacity)
    slots.initialize(repeating: Slot(), count: Self.capacity)
  }

  deinit {
    slots.deinitialize(count: Self.capacity)
    slots.deallocate()
  }

  /// The identity of a `CodingKey` type, as guesses are keyed.
  @inline(__always)
  static func identity(of type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) }

  @inline(__always)
  private static func index(type: UInt, after: Int) -> Int {
    // Fibonacci hashing: the product's top bits depend on all of the key's.
    let mixed = ((type >> 4) ^ UInt(truncatingIfNeeded: after)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> (UInt.bitWidth - 8))
  }

  /// The offset of the key looked up after `after` in an object of key type `type` the last
  /// time, or 0.
  @inline(__always)
  func offset(type: UInt, after: Int) -> Int {
    let slot = slots[Self.index(type: type, after: after)]
    return slot.type == type && Int(slot.after) == after ? Int(slot.offset) : 0
  }

  /// Notes that the key looked up after `after` in an object of key type `type` was at
  /// `offset`.
  @inline(__always)
  func record(type: UInt, after: Int, offset: Int) {
    guard let after = UInt32(exactly: after), let offset = UInt32(exactly: offset) else { return }
    slots[Self.index(type: type, after: Int(after))] = Slot(type: type, after: after, offset: offset)
  }
}
