#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONTape {
  /// Builds the entries with an explicit stack of open containers (no recursion).
  struct Builder {
    var scanner: JSONScanner
    var entries: [Entry] = []
    /// Whether strings' UTF-8 is checked byte by byte as they are scanned; when not, each
    /// string holding a byte of 0x80 or more is checked whole once scanned, as it becomes text
    /// (``JSONTape/checkedText(_:count:)``).
    let validatesUTF8: Bool
    /// The checked text of each non-ASCII string value without escapes (not kept when
    /// `validatesUTF8`: that scan only finds the first problem).
    private(set) var strings: [String] = []
    /// Whether each string of ``strings`` has its hash kept (``stringHashes``).
    var hashesStrings = false
    /// Per string of ``strings``, its hash, when ``hashesStrings``.
    private(set) var stringHashes: [UInt64] = []
    /// Strings of an earlier version of the document, handed out again for the same bytes.
    var previous: JSONStringTable?
    /// The open containers, innermost last: their entry indexes.
    private var open: [Int] = []
    /// Per open container, its last key's entry index (objects) or -1.
    private var lastKey: [Int] = []

    init(scanner: JSONScanner, validatesUTF8: Bool) {
      self.scanner = scanner
      self.validatesUTF8 = validatesUTF8
    }

    private var bytes: UnsafePointer<UInt8> { scanner.bytes }
    private var count: Int { scanner.count }

    mutating func run() throws(JSONScanner.Failure) {
      if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.index = 3 }
      value: while true {
        if try readValueStart() {
          // A container was opened and is not empty: read its first member's value.
          continue value
        }
        // A value is complete: close whatever it completes, up to the next value to read.
        while let top = open.last {
          entries[top].count += 1
          let byte = try nextByte()
          let isObject = entries[top].kind == .object
          if byte == UInt8(ascii: ",") {
            scanner.index += 1
            let following = try nextByte()
            if following == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
              try close()
              continue
            }
            if isObject { try readKey() }
            continue value
          }
          guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            throw scanner.failure("invalid value")
          }
          try close()
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.failure("garbage at end") }
        return
      }
    }

    /// The next non-whitespace byte, not consumed.
    private mutating func nextByte() throws(JSONScanner.Failure) -> UInt8 {
      guard let byte = scanner.peek() else { throw scanner.failure("unexpected end of input", at: count) }
      return byte
    }

    /// Reads a scalar whole, or opens a container (and reads an object's first key); returns
    /// whether it opened a container that is not empty.
    private mutating func readValueStart() throws(JSONScanner.Failure) -> Bool {
      let byte = try nextByte()
      let start = UInt32(scanner.index)
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard open.count < JSONTape.maximumDepth else {
          throw scanner.failure("too many nested arrays or dictionaries")
        }
        let isObject = byte == UInt8(ascii: "{")
        open.append(entries.count)
        lastKey.append(-1)
        entries.append(Entry(kind: isObject ? .object : .array, flag: false, start: start, end: 0, count: 0))
        scanner.index += 1
        if try nextByte() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          try close()
          return false
        }
        if isObject { try readKey() }
        return true
      case UInt8(ascii: "\""):
        try appendString(start: start + 1)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let shape = try scanner.scanNumber()
        entries.append(
          Entry(kind: .number, flag: shape.isInteger, start: start, end: UInt32(scanner.index), count: 0))
      case UInt8(ascii: "t"): try literal("true", .true, start)
      case UInt8(ascii: "f"): try literal("false", .false, start)
      case UInt8(ascii: "n"): try literal("null", .null, start)
      default:
        throw scanner.failure("invalid value")
      }
      return false
    }

    private mutating func literal(
      _ text: StaticString, _ kind: Kind, _ start: UInt32
    ) throws(JSONScanner.Failure) {
      try scanner.scanLiteral(text)
      entries.append(Entry(kind: kind, flag: false, start: start, end: UInt32(scanner.index), count: 0))
    }

    /// Reads a key and its colon.
    private mutating func readKey() throws(JSONScanner.Failure) {
      guard try nextByte() == UInt8(ascii: "\"") else { throw scanner.failure("invalid value") }
      let key = entries.count
      try appendString(start: UInt32(scanner.index + 1), ofObject: open[open.count - 1])
      lastKey[lastKey.count - 1] = key
      guard try nextByte() == UInt8(ascii: ":") else { throw scanner.failure("invalid value") }
      scanner.index += 1
    }

    /// Scans the string whose inside begins at `start` (the cursor is on its opening quote) and
    /// appends its entry (a key of the object at entry `object`, if given); a non-ASCII one has
    /// its UTF-8 checked here, unless the scan did.
    private mutating func appendString(
      start: UInt32, ofObject object: Int? = nil
    ) throws(JSONScanner.Failure) {
      let shape = try scanner.scanString(validatingUTF8: validatesUTF8)
      let end = UInt32(scanner.index - 1)
      var text: UInt32 = 0
      if !shape.isASCII, !validatesUTF8, hashesStrings, !shape.isEscaped, object == nil {
        let count = Int(end - start)
        let hash = JSONStringTable.hash(bytes + Int(start), count: count)
        // The same bytes as a string already checked: well-formed, and that very string.
        let reused = previous?.string(matching: bytes + Int(start), count: count, hash: hash)
        guard let value = reused ?? JSONTape.checkedText(bytes + Int(start), count: count) else {
          throw scanner.failure("invalid UTF-8 sequence", at: Int(start))
        }
        text = UInt32(strings.count)
        strings.append(value)
        stringHashes.append(hash)
      } else if !shape.isASCII, !validatesUTF8 {
        guard let checked = JSONTape.checkedText(bytes + Int(start), count: Int(end - start)) else {
          throw scanner.failure("invalid UTF-8 sequence", at: Int(start))
        }
        // With escapes, the bytes were only checked: the text is the unescaped one, made when
        // it is read. Keys are matched by their bytes: their text is rarely wanted.
        if !shape.isEscaped, object == nil {
          text = UInt32(strings.count)
          strings.append(checked)
        }
      }
      entries.append(
        Entry(
          kind: .string, flag: shape.isEscaped, isASCII: shape.isASCII, isKey: object != nil, start: start,
          end: end, count: object.map { UInt32($0) } ?? text))
    }

    /// Closes the innermost container at the cursor's bracket.
    private mutating func close() throws(JSONScanner.Failure) {
      guard let top = open.popLast() else { return }
      lastKey.removeLast()
      scanner.index += 1
      entries[top].end = UInt32(entries.count)
      if entries[top].kind == .object, entries[top].count >= 1 {
        try checkKeys(of: top)
      }
    }

    /// Refuses an object (at `object`, just closed) that has the same key twice.
    private mutating func checkKeys(of object: Int) throws(JSONScanner.Failure) {
      let members = Int(entries[object].count)
      guard members > 1 else { return }
      let end = Int(entries[object].end)
      if members <= 16 {
        // No array per object: the keys' entry indexes and their shapes live on the stack.
        let repeated = withUnsafeTemporaryAllocation(of: (key: Int, shape: UInt64).self, capacity: members) {
          keys -> Int? in
          var index = object + 1
          var found = 0
          while index < end, found < members {
            keys[found] = (index, shape(of: entries[index]))
            found += 1
            let value = entries[index + 1]
            index = value.isContainer ? Int(value.end) : index + 2
          }
          // Only keys of the same shape can be the same, unless one has escapes.
          for later in 1..<found {
            let (key, shape) = keys[later]
            for earlier in 0..<later {
              let other = keys[earlier].shape
              if other == shape || other == Self.escapedShape || shape == Self.escapedShape,
                sameKey(keys[earlier].key, key)
              {
                return key
              }
            }
          }
          return nil
        }
        if let repeated { throw duplicate(repeated) }
        return
      }
      var seen = Set<String>(minimumCapacity: members)
      var index = object + 1
      while index < end {
        guard seen.insert(JSONTape.text(of: entries[index], in: bytes)).inserted else {
          throw duplicate(index)
        }
        let value = entries[index + 1]
        index = value.isContainer ? Int(value.end) : index + 2
      }
    }

    /// What two keys without escapes that are the same have in common: their length, first
    /// and last bytes. A key with escapes has ``escapedShape``, which may be anything.
    private func shape(of key: Entry) -> UInt64 {
      guard !key.flag else { return Self.escapedShape }
      let length = Int(key.end - key.start)
      guard length > 0 else { return 0 }
      let first = UInt64(bytes[Int(key.start)])
      let last = UInt64(bytes[Int(key.end) - 1])
      return UInt64(length) << 16 | first << 8 | last
    }

    private static let escapedShape = UInt64.max

    private func duplicate(_ key: Int) -> JSONScanner.Failure {
      let name = JSONTape.text(of: entries[key], in: bytes)
      let shown = name.count > 60 ? name.prefix(60) + "…" : Substring(name)
      return scanner.failure("duplicate key \"\(shown)\" in one object", at: Int(entries[key].start) - 1)
    }

    private func sameKey(_ first: Int, _ second: Int) -> Bool {
      let a = entries[first]
      let b = entries[second]
      if a.flag || b.flag { return JSONTape.text(of: a, in: bytes) == JSONTape.text(of: b, in: bytes) }
      let length = Int(a.end - a.start)
      guard length == Int(b.end - b.start) else { return false }
      let x = bytes + Int(a.start)
      let y = bytes + Int(b.start)
      guard length <= 16 else { return memcmp(x, y, length) == 0 }
      for offset in 0..<length where x[offset] != y[offset] { return false }
      return true
    }

    /// The failure as a syntax error with the path of the value being read.
    func locate(_ failure: JSONScanner.Failure) -> JSONSyntaxError {
      let offset = failure.column - 1
      guard offset < count, failure.message != "unexpected end of input" else {
        return JSONSyntaxError(cause: failure.message, offset: offset)
      }
      var path: [JSONSyntaxError.PathComponent] = []
      for (level, container) in open.enumerated() {
        if entries[container].kind == .array {
          path.append(.index(Int(entries[container].count)))
        } else if lastKey[level] >= 0 {
          path.append(.key(JSONTape.text(of: entries[lastKey[level]], in: bytes)))
        }
      }
      return JSONSyntaxError(cause: failure.message, offset: offset, path: path)
    }
  }
}
