#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer with a consumable front, for encoding lines and for inflated input.
///
/// Live bytes are `start..<count`; `spare` is the writable tail. Not thread-safe: each writer
/// and reader owns its own.
final class ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  /// The end of the live bytes.
  var count = 0
  /// The start of the live bytes; everything before it has been consumed.
  var start = 0

  init(capacity: Int = 64 * 1024) {
    let size = max(capacity, 16)
    base = Self.allocate(size)
    self.capacity = size
  }

  deinit { free(base) }

  private static func allocate(_ size: Int) -> UnsafeMutablePointer<UInt8> {
    guard let raw = malloc(size) else {
      preconditionFailure("out of memory allocating \(size) bytes")
    }
    return raw.assumingMemoryBound(to: UInt8.self)
  }

  /// The number of live bytes.
  var liveCount: Int { count - start }

  /// The live bytes; valid until the buffer is next changed.
  var live: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + start, count: count - start)
  }

  /// Drops all bytes, keeping the storage.
  func removeAll() {
    start = 0
    count = 0
  }

  /// Moves the live bytes to the front of the storage.
  func compact() {
    guard start > 0 else { return }
    let live = count - start
    if live > 0 { memmove(base, base + start, live) }
    start = 0
    count = live
  }

  /// Makes room for at least `needed` more bytes after `count`, compacting or growing.
  func reserveSpare(_ needed: Int) {
    if capacity - count >= needed { return }
    compact()
    if capacity - count >= needed { return }
    var newCapacity = capacity
    while newCapacity - count < needed { newCapacity *= 2 }
    guard let grown = realloc(base, newCapacity) else {
      preconditionFailure("out of memory growing a buffer to \(newCapacity) bytes")
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  /// The writable tail after `count`.
  /// Gives back the room of a buffer that grew past `limit` bytes once what it holds takes
  /// less than a quarter of it: it keeps twice the live bytes, at least `limit`. So a buffer
  /// that once held one very large line does not keep that size to its end.
  func shrink(above limit: Int) {
    guard capacity > limit, liveCount < capacity / 4 else { return }
    compact()
    let newCapacity = max(limit, 2 * count, 16)
    guard let shrunk = realloc(base, newCapacity) else { return }
    base = shrunk.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  var spare: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
  }

  /// Appends one byte.
  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { reserveSpare(1) }
    base[count] = byte
    count += 1
  }

  /// Appends raw bytes.
  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserveSpare(bytes.count)
    memcpy(base + count, source, bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 bytes of a string that needs no JSON escaping (field names, literals).
  func append(ascii text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the decimal digits of an integer.
  func append(decimal value: Int) {
    var text = String(value)
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }
}
