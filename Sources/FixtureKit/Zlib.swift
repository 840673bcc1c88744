import CZlib

/// Every call FixtureKit makes into zlib, with Swift names for zlib's constants.
///
/// The streaming `Deflater` and `Inflater` speak gzip (RFC 1952); the one-shot helpers speak
/// the zlib format and exist so benchmarks can compare against plain zlib in-process.
public enum Zlib {
  /// Compresses `input` in one call with zlib's `compress2` (zlib format, not gzip).
  ///
  /// - Parameters:
  ///   - input: The bytes to compress.
  ///   - level: The compression level, 0…9.
  /// - Returns: The compressed bytes, or `nil` when zlib fails.
  public static func compressOneShot(_ input: [UInt8], level: Int = 6) -> [UInt8]? {
    var bound = compressBound(uLong(input.count))
    var output = [UInt8](repeating: 0, count: Int(bound))
    let status = output.withUnsafeMutableBufferPointer { out in
      input.withUnsafeBufferPointer { source in
        compress2(out.baseAddress, &bound, source.baseAddress, uLong(source.count), Int32(level))
      }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(bound)...)
    return output
  }

  /// Inflates zlib-format `input` in one call with zlib's `uncompress`.
  ///
  /// - Parameters:
  ///   - input: Bytes produced by `compressOneShot`.
  ///   - originalSize: The exact inflated size.
  /// - Returns: The inflated bytes, or `nil` when the data is damaged or the size is wrong.
  public static func uncompressOneShot(_ input: [UInt8], originalSize: Int) -> [UInt8]? {
    var length = uLong(originalSize)
    var output = [UInt8](repeating: 0, count: originalSize)
    let status = output.withUnsafeMutableBufferPointer { out in
      input.withUnsafeBufferPointer { source in
        uncompress(out.baseAddress, &length, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK, Int(length) == originalSize else { return nil }
    return output
  }

  /// Why a zlib call failed: zlib's own message when it gives one.
  struct Failure: Error {
    /// zlib's status code.
    var status: Int32
    /// A readable cause.
    var message: String
  }

  /// zlib limits one call's input and output to `uInt`; larger spans are fed in slices.
  private static let maximumSlice = 1 << 30

  private static func failure(_ stream: UnsafeMutablePointer<z_stream>, _ status: Int32) -> Failure {
    if let message = stream.pointee.msg {
      return Failure(status: status, message: String(cString: message))
    }
    switch status {
    case Z_MEM_ERROR: return Failure(status: status, message: "out of memory")
    case Z_NEED_DICT: return Failure(status: status, message: "stream needs a preset dictionary")
    case Z_STREAM_ERROR: return Failure(status: status, message: "inconsistent stream state")
    default: return Failure(status: status, message: "zlib status \(status)")
    }
  }

  /// A streaming gzip compressor that hands its output to a sink as it is produced.
  ///
  /// Not thread-safe; owned by one writer.
  final class Deflater {
    /// How far a call to `deflate` should push its output.
    enum Flush {
      /// Let zlib buffer as it likes.
      case none
      /// Emit everything so far, byte-aligned, so a reader can inflate it (`Z_SYNC_FLUSH`).
      case sync
      /// End the stream and write the gzip trailer (`Z_FINISH`).
      case finish

      var zlibValue: Int32 {
        switch self {
        case .none: return Z_NO_FLUSH
        case .sync: return Z_SYNC_FLUSH
        case .finish: return Z_FINISH
        }
      }
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableRawBufferPointer

    /// Starts a gzip stream at `level` (0…9).
    init(level: Int, outputBufferSize: Int = 256 * 1024) throws(Failure) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      // windowBits 15 + 16 asks zlib for a gzip wrapper; memLevel 8 is zlib's default.
      let status = tableflow_deflateInit2(
        stream, Int32(level), Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
      guard status == Z_OK else {
        let error = Zlib.failure(stream, status)
        stream.deinitialize(count: 1)
        stream.deallocate()
        throw error
      }
      output = .allocate(byteCount: outputBufferSize, alignment: 16)
    }

    deinit {
      deflateEnd(stream)
      stream.deinitialize(count: 1)
      stream.deallocate()
      output.deallocate()
    }

    /// Starts a new gzip stream with the same settings, reusing the allocated state.
    func reset() throws(FixtureError) {
      let status = deflateReset(stream)
      guard status == Z_OK else {
        throw FixtureError(.io, "zlib deflateReset failed: \(Zlib.failure(stream, status).message)")
      }
    }

    /// Compresses `input`, calling `sink` with each piece of output.
    func deflate(
      _ input: UnsafeRawBufferPointer, flush: Flush,
      into sink: (UnsafeRawBufferPointer) throws(FixtureError) -> Void
    ) throws(FixtureError) {
      var offset = 0
      repeat {
        let slice = min(input.count - offset, Zlib.maximumSlice)
        let last = offset + slice == input.count
        let mode = last ? flush.zlibValue : Z_NO_FLUSH
        if let base = input.baseAddress {
          stream.pointee.next_in = UnsafeMutablePointer(
            mutating: (base + offset).assumingMemoryBound(to: Bytef.self))
        } else {
          stream.pointee.next_in = nil
        }
        stream.pointee.avail_in = uInt(slice)
        while true {
          stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
          stream.pointee.avail_out = uInt(output.count)
          let status = CZlib.deflate(stream, mode)
          guard status == Z_OK || status == Z_BUF_ERROR || status == Z_STREAM_END else {
            let failure = Zlib.failure(stream, status)
            throw FixtureError(.io, "zlib deflate failed: \(failure.message)")
          }
          let produced = output.count - Int(stream.pointee.avail_out)
          if produced > 0 {
            try sink(UnsafeRawBufferPointer(rebasing: output[0..<produced]))
          }
          // zlib leaves avail_out at zero when it has more to say for the same flush mode.
          if stream.pointee.avail_out != 0 || status == Z_STREAM_END { break }
        }
        offset += slice
      } while offset < input.count
      stream.pointee.next_in = nil
    }
  }

  /// A streaming gzip decompressor; zlib checks each member's CRC-32 and ISIZE at its end.
  ///
  /// Not thread-safe; owned by one reader.
  final class Inflater {
    /// What one `inflate` call did.
    struct Step {
      /// Input bytes consumed.
      var consumed: Int
      /// Output bytes produced.
      var produced: Int
      /// Whether the gzip member ended (trailer read and checked).
      var memberEnded: Bool
    }

    private let stream: UnsafeMutablePointer<z_stream>

    /// Prepares to inflate gzip data (only gzip: zlib and raw deflate are refused).
    init() throws(Failure) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let status = tableflow_inflateInit2(stream, 15 + 16)
      guard status == Z_OK else {
        let error = Zlib.failure(stream, status)
        stream.deinitialize(count: 1)
        stream.deallocate()
        throw error
      }
    }

    deinit {
      inflateEnd(stream)
      stream.deinitialize(count: 1)
      stream.deallocate()
    }

    /// Starts a new gzip member (for concatenated gzip files) after one ended.
    func reset() throws(Failure) {
      let status = inflateReset(stream)
      guard status == Z_OK else { throw Zlib.failure(stream, status) }
    }

    /// Inflates from `input` into `output` as far as either allows.
    func inflate(
      _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws(Failure) -> Step {
      let inCount = min(input.count, Zlib.maximumSlice)
      let outCount = min(output.count, Zlib.maximumSlice)
      stream.pointee.next_in = input.baseAddress.map {
        UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self))
      }
      stream.pointee.avail_in = uInt(inCount)
      stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(outCount)
      let status = CZlib.inflate(stream, Z_NO_FLUSH)
      let step = Step(
        consumed: inCount - Int(stream.pointee.avail_in),
        produced: outCount - Int(stream.pointee.avail_out),
        memberEnded: status == Z_STREAM_END)
      stream.pointee.next_in = nil
      stream.pointee.next_out = nil
      // Z_BUF_ERROR only means no progress was possible with what was offered.
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw Zlib.failure(stream, status)
      }
      return step
    }
  }
}
