#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Inflates a gzip file (or bytes) and hands back one line at a time, in bounded memory.
///
/// Memory stays within one record's limit plus a chunk; the total inflated size is capped too.
/// Concatenated gzip members are read as one stream; bytes after the last member are an error.
/// A line returned stays valid until the next call.
final class GzipLineReader {
  private enum Input {
    case file(PosixFile)
    case memory([UInt8], position: Int)
  }

  private enum Phase {
    /// Before the first byte: the gzip magic is still to be checked.
    case start
    /// Inside a gzip member.
    case member
    /// A member ended; more input may start another.
    case betweenMembers
    /// The stream ended cleanly.
    case finished
  }

  private static let readChunk = 64 * 1024
  private static let inflateChunk = 128 * 1024
  /// The inflated buffer keeps at most this much room once the line that needed more is taken.
  private static let keptInflatedBytes = 1 << 20

  let name: String
  private let limits: FixtureLimits
  private var input: Input
  private let inflater: Zlib.Inflater
  private let compressed: ByteBuffer
  private let inflated = ByteBuffer(capacity: 16 * 1024)
  private var inputEnded = false
  private var phase = Phase.start
  private var searchFrom = 0
  /// Bytes of the compressed input consumed by zlib so far.
  private(set) var compressedOffset = 0
  /// Bytes inflated so far.
  private(set) var inflatedTotal = 0
  /// Lines returned so far; also the record number of the next line.
  private(set) var linesReturned = 0

  init(path: String, limits: FixtureLimits) throws(FixtureError) {
    name = path
    self.limits = limits
    input = .file(try PosixFile.openForReading(path))
    compressed = ByteBuffer(capacity: Self.readChunk)
    inflater = try Self.makeInflater(path)
  }

  init(bytes: [UInt8], name: String, limits: FixtureLimits) throws(FixtureError) {
    self.name = name
    self.limits = limits
    input = .memory(bytes, position: 0)
    compressed = ByteBuffer(capacity: min(Self.readChunk, bytes.count + 16))
    inflater = try Self.makeInflater(name)
  }

  private static func makeInflater(_ name: String) throws(FixtureError) -> Zlib.Inflater {
    do {
      return try Zlib.Inflater()
    } catch {
      throw FixtureError(.io, "zlib could not start: \(error.message)", file: name)
    }
  }

  private func error(_ code: FixtureError.Code, _ message: String) -> FixtureError {
    FixtureError(code, message, file: name, record: linesReturned, offset: compressedOffset)
  }

  /// The room the inflated-line buffer takes now, in bytes.
  var bufferCapacity: Int { inflated.capacity }

  /// Gives back the room a line much larger than the rest needed, once it has been used (the
  /// line returned last is no longer valid then): reading a fixture holds its largest record
  /// only while that record is read.
  func shrinkAfterLargeLine() {
    let searched = searchFrom - inflated.start
    inflated.shrink(above: Self.keptInflatedBytes)
    searchFrom = inflated.start + searched
  }

  /// The next line without its newline, or `nil` after the last one.
  func nextLine() throws(FixtureError) -> UnsafeMutableBufferPointer<UInt8>? {
    while true {
      let pending = inflated.count - searchFrom
      if pending > 0,
        let found = memchr(inflated.base + searchFrom, 0x0A, pending)
      {
        let newline = found.assumingMemoryBound(to: UInt8.self) - inflated.base
        let line = UnsafeMutableBufferPointer(
          start: inflated.base + inflated.start, count: newline - inflated.start)
        guard line.count <= limits.maximumRecordBytes else {
          throw error(.recordTooLarge, "line longer than \(limits.maximumRecordBytes) bytes")
        }
        inflated.start = newline + 1
        searchFrom = inflated.start
        linesReturned += 1
        return line
      }
      searchFrom = inflated.count
      if inflated.liveCount > limits.maximumRecordBytes {
        throw error(.recordTooLarge, "line longer than \(limits.maximumRecordBytes) bytes")
      }
      if phase == .finished {
        guard inflated.liveCount > 0 else { return nil }
        // A last line without a newline is still a line when the stream ended cleanly.
        let line = UnsafeMutableBufferPointer(
          start: inflated.base + inflated.start, count: inflated.liveCount)
        inflated.start = inflated.count
        searchFrom = inflated.count
        linesReturned += 1
        return line
      }
      try inflateMore()
    }
  }

  /// Returns true when input bytes are available, reading more only when none are left.
  private func refill() throws(FixtureError) -> Bool {
    if compressed.liveCount > 0 { return true }
    return try readMore()
  }

  /// Appends up to one chunk of input after the live bytes; false at end of input.
  private func readMore() throws(FixtureError) -> Bool {
    if inputEnded { return false }
    compressed.reserveSpare(Self.readChunk)
    let spare = UnsafeMutableRawBufferPointer(rebasing: compressed.spare[0..<Self.readChunk])
    let count: Int
    switch input {
    case .file(let file):
      count = try file.readSome(into: spare)
    case .memory(let bytes, let position):
      count = min(Self.readChunk, bytes.count - position)
      bytes.withUnsafeBytes { source in
        if count > 0, let from = source.baseAddress, let to = spare.baseAddress {
          memcpy(to, from + position, count)
        }
      }
      input = .memory(bytes, position: position + count)
    }
    if count == 0 {
      inputEnded = true
      if case .file(let file) = input { try file.closeFile() }
      return false
    }
    compressed.count += count
    return true
  }

  private func inflateMore() throws(FixtureError) {
    let hasInput = try refill()
    switch phase {
    case .finished:
      return
    case .start, .betweenMembers:
      guard hasInput else {
        if phase == .start { throw error(.empty, "the file is empty") }
        phase = .finished
        return
      }
      // The magic may straddle reads.
      while compressed.liveCount < 2, try readMore() {}
      let magic = compressed.live
      guard magic.count >= 2, magic[0] == 0x1F, magic[1] == 0x8B else {
        if phase == .start { throw error(.notGzip, "no gzip magic bytes (1f 8b) at the start") }
        throw error(.corrupt, "unexpected bytes after the end of the gzip data")
      }
      if phase == .betweenMembers {
        do { try inflater.reset() } catch { throw self.error(.corrupt, error.message) }
      }
      phase = .member
    case .member:
      guard hasInput else {
        throw error(.truncated, "the file ends before the gzip trailer (killed while recording?)")
      }
    }
    // Room for one chunk, never more than the file limit allows (plus one byte to notice).
    // Compaction may move the live bytes; keep the newline search position relative to them.
    // Chunks start small (cheap for small files) and grow with the data to a steady size.
    let chunk = min(Self.inflateChunk, max(16 * 1024, inflatedTotal / 2))
    let searched = searchFrom - inflated.start
    inflated.reserveSpare(chunk)
    searchFrom = inflated.start + searched
    let allowance = limits.maximumInflatedBytes - inflatedTotal + 1
    let room = min(chunk, inflated.capacity - inflated.count, max(allowance, 1))
    let step: Zlib.Inflater.Step
    do {
      step = try inflater.inflate(
        UnsafeRawBufferPointer(compressed.live),
        into: UnsafeMutableRawBufferPointer(rebasing: inflated.spare[0..<room]))
    } catch {
      throw self.error(.corrupt, error.message)
    }
    compressed.start += step.consumed
    compressedOffset += step.consumed
    inflated.count += step.produced
    inflatedTotal += step.produced
    if inflatedTotal > limits.maximumInflatedBytes {
      throw error(.fileTooLarge, "inflates to more than \(limits.maximumInflatedBytes) bytes")
    }
    if step.memberEnded {
      phase = .betweenMembers
    } else if step.consumed == 0 && step.produced == 0 && compressed.liveCount > 0 {
      throw error(.corrupt, "zlib made no progress")
    }
  }
}
