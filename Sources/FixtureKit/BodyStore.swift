#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds bodies out of memory until they are used: small ones inline, and in memory as well
/// until `memoryBudget` bytes are held that way; the rest in a temporary file that has no name
/// (unlinked as soon as it is created, so nothing is left behind).
///
/// Replay keeps every recorded response's body here instead of in its index, so the memory a
/// fixture takes grows with its number of records, not with their sizes. A typical fixture
/// (a few MB) never creates the file: in profiles of `verify` over thousands of sessions,
/// creating one per replay showed as file-system time (inode allocation).
///
/// Not thread-safe: use one store from one task or actor (`ReplayTransport` owns one).
public final class BodyStore {
  /// Where a stored body is.
  public enum Location: Hashable, Sendable {
    /// Small enough to keep in memory.
    case inline([UInt8])
    /// `count` bytes at `offset` in the store's file.
    case spilled(offset: Int, count: Int)
  }

  /// Bodies up to this many bytes stay in memory.
  public let inlineLimit: Int
  /// Larger bodies stay in memory too while they add up to at most this many bytes.
  public let memoryBudget: Int
  private let folder: String
  private var file: PosixFile?
  private var end = 0
  private var heldInMemory = 0

  /// Creates an empty store; its file is created on the first body larger than `inlineLimit`
  /// that does not fit in what is left of `memoryBudget`, in `$TMPDIR` (or `/tmp`).
  public init(inlineLimit: Int = 1024, memoryBudget: Int = 8 << 20) {
    self.inlineLimit = inlineLimit
    self.memoryBudget = memoryBudget
    let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    folder = tmp.isEmpty ? "/tmp" : tmp
  }

  /// The number of bytes written to the store's file so far.
  public var spilledBytes: Int { end }

  /// Stores `body` and returns where it is.
  /// - Throws: `FixtureError` (`.io`) when the temporary file cannot be created or written.
  public func store(_ body: [UInt8]) throws(FixtureError) -> Location {
    guard body.count > inlineLimit else { return .inline(body) }
    if heldInMemory + body.count <= memoryBudget {
      heldInMemory += body.count
      return .inline(body)
    }
    let target: PosixFile
    if let file {
      target = file
    } else {
      target = try PosixFile.anonymous(in: folder)
      file = target
    }
    let offset = end
    let written = body.withUnsafeBytes { bytes in
      Result { () throws(FixtureError) in try target.writeAll(bytes, at: offset) }
    }
    try written.get()
    end += body.count
    return .spilled(offset: offset, count: body.count)
  }

  /// Forgets the body at `location` once it has been used: an in-memory body no longer counts
  /// against the memory budget (a spilled one stays in the file, out of memory).
  public func release(_ location: Location) {
    if case .inline(let body) = location, body.count > inlineLimit {
      heldInMemory -= body.count
    }
  }

  /// The body stored at `location`.
  /// - Throws: `FixtureError` (`.io`) when the temporary file cannot be read.
  public func load(_ location: Location) throws(FixtureError) -> [UInt8] {
    switch location {
    case .inline(let body):
      return body
    case .spilled(let offset, let count):
      guard let file else { throw FixtureError(.io, "no spilled bodies to read", file: folder) }
      var body = [UInt8](repeating: 0, count: count)
      let read = body.withUnsafeMutableBytes { buffer in
        Result { () throws(FixtureError) in try file.readExactly(into: buffer, at: offset) }
      }
      try read.get()
      return body
    }
  }
}
