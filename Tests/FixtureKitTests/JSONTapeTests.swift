import Testing

@testable import FixtureKit

@Suite("JSONTape")
struct JSONTapeTests {
  static func tape(_ text: String) throws(JSONSyntaxError) -> JSONTape {
    try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
  }

  static func failure(_ text: String) -> JSONSyntaxError? { failure(bytes: Array(text.utf8)) }

  static func failure(bytes: [UInt8]) -> JSONSyntaxError? {
    do throws(JSONSyntaxError) {
      _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
      return nil
    } catch {
      return error
    }
  }

  /// `text` with each `%` replaced by the bytes of `bad`, in turn.
  static func document(_ text: String, _ bad: [UInt8]...) -> [UInt8] {
    var bytes: [UInt8] = []
    var next = bad.makeIterator()
    for byte in text.utf8 {
      if byte == UInt8(ascii: "%"), let inserted = next.next() {
        bytes += inserted
      } else {
        bytes.append(byte)
      }
    }
    return bytes
  }

  @Test("containers point past their last descendant and count their elements")
  func layout() throws {
    let tape = try Self.tape(#" {"a": [1, {"b": null}, "x"], "c": true} "#)
    let kinds = tape.entries.map(\.kind)
    #expect(kinds == [.object, .string, .array, .number, .object, .string, .null, .string, .string, .true])
    #expect(tape.entries[0].count == 2)
    #expect(tape.entries[0].end == 10)
    #expect(tape.entries[2].count == 3)
    #expect(tape.next(after: 2) == 7 + 1)
    #expect(tape.next(after: 3) == 4)
  }

  @Test(
    "strict as Foundation: each bad document names its cause and byte",
    arguments: [
      ("", "unexpected end of input", 0), ("[1,2", "unexpected end of input", 4),
      ("[01]", "number with leading zero", 1),
      ("[1.", "unexpected end of input", 3), ("[1.x]", "invalid value", 3), ("[-]", "invalid value", 2),
      ("{\"a\" 1}", "invalid value", 5), ("{,}", "invalid value", 1), ("[,]", "invalid value", 1),
      ("[tru]", "invalid value", 1), ("1 2", "garbage at end", 2),
      ("\"a\tb\"", "unescaped control character", 2),
      (#""\x""#, "invalid escape sequence", 1), ("[\"\u{1}\"]", "unescaped control character", 2),
    ])
  func strict(text: String, cause: String, offset: Int) {
    let error = Self.failure(text)
    #expect(error?.cause == cause)
    #expect(error?.offset == offset)
  }

  @Test(
    "ill-formed UTF-8 in a string is refused at its first byte, wherever the string and the byte are",
    arguments: [
      // Start, middle and end of a value; after valid non-ASCII text; in a key.
      (document(#"["%abc"]"#, [0xFF]), 2), (document(#"["ab%c"]"#, [0xC3, 0x28]), 4),
      (document(#"["abcdefghijkl%"]"#, [0x80]), 14), (document(#"["中文中文%"]"#, [0xE4, 0xB8]), 14),
      (document(#"{"名%":1}"#, [0xED, 0xA0, 0x80]), 5),
      (document(#"{"a":{"b":["x","%"]}}"#, [0xC0, 0xAF]), 16),
      // Decoding would repair these into U+FFFD of the same length (3 bytes, one ill-formed
      // sequence): the bytes differ all the same.
      (document(#"["%A"]"#, [0xF1, 0x80, 0x80]), 2), (document(#"["é%"]"#, [0xF4, 0x90, 0x80]), 4),
      // With escapes: the raw bytes are checked too.
      (document(#"["\n中%\t"]"#, [0xFE]), 7), (document(#"{"\u0041%":1}"#, [0xE0, 0x80, 0x80]), 8),
      // Cut off by the end of the document: the sequence is what is wrong.
      (document(#"["%"#, [0xE4, 0xB8]), 2),
    ] as [([UInt8], Int)])
  func illFormedUTF8(bytes: [UInt8], offset: Int) {
    let error = Self.failure(bytes: bytes)
    #expect(error?.cause == "invalid UTF-8 sequence")
    #expect(error?.offset == offset)
  }

  @Test(
    "the first problem in the text is the one reported, UTF-8 or not",
    arguments: [
      // A byte of 0x80 or more outside a string is not JSON.
      (document(#"[1, %]"#, [0xC3, 0xA9]), "invalid value", 4),
      (document("%", [0xE4, 0xB8, 0xAD]), "invalid value", 0),
      (document(#"["é" %]"#, [0xFF]), "invalid value", 6),
      // Ill-formed text before a syntax error, a duplicate key, or another ill-formed string.
      (document(#"["%", x]"#, [0xFF]), "invalid UTF-8 sequence", 2),
      (document(#"{"a":"é%","a":2}"#, [0xFF]), "invalid UTF-8 sequence", 8),
      (document(#"["é", "%", "%"]"#, [0xC3], [0xFF]), "invalid UTF-8 sequence", 8),
      // And after one.
      (document(#"[x, "%"]"#, [0xFF]), "invalid value", 1),
      (document(#"[{"a":1,"a":2}, "%"]"#, [0xFF]), #"duplicate key "a" in one object"#, 8),
      (document(#"["\q", "%"]"#, [0xFF]), "invalid escape sequence", 2),
    ] as [([UInt8], String, Int)])
  func firstProblem(bytes: [UInt8], cause: String, offset: Int) {
    let error = Self.failure(bytes: bytes)
    #expect(error?.cause == cause)
    #expect(error?.offset == offset)
  }

  @Test("each non-ASCII value without escapes keeps its checked text; keys point at their object")
  func nonASCIIText() throws {
    let bytes = Array(#"{"名前":"値","e":["é",  "a\u00e9", "b\n中"],"x":"plain"}"#.utf8)
    let tape = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
    #expect(tape.strings == ["値", "é"])
    let strings = tape.entries.indices.filter { tape.entries[$0].kind == .string }
    let texts = bytes.withUnsafeBufferPointer { buffer in
      strings.map { tape.string(tape.entries[$0], in: buffer.baseAddress!) }
    }
    #expect(texts == ["名前", "値", "e", "é", "aé", "b\n中", "x", "plain"])
    #expect(strings.map { tape.entries[$0].count } == [0, 0, 0, 1, 0, 0, 0, 0])
    #expect(strings.map { tape.entries[$0].isKey } == [true, false, true, false, false, false, true, false])
    let nested = try Self.tape(#"[{"a":{"b":"c"}},{"d":1}]"#)
    #expect(nested.entries.map { $0.isKey ? Int($0.count) : -1 } == [-1, -1, 1, -1, 3, -1, -1, 6, -1])
  }

  @Test(
    "a key repeated is found whatever the keys look like, and only then",
    arguments: [
      (#"{"":1,"x":2,"":3}"#, #"duplicate key "" in one object"#, 12),
      (#"{"abc":1,"axc":2,"abc":3}"#, #"duplicate key "abc" in one object"#, 17),
      (#"{"abc":1,"a\u0062c":2}"#, #"duplicate key "abc" in one object"#, 9),
      (#"{"a\u0062c":1,"xyz":0,"abc":2}"#, #"duplicate key "abc" in one object"#, 22),
      (#"{"\u00e9":1,"é":2}"#, #"duplicate key "é" in one object"#, 12),
      (#"{"abc":1,"axc":2,"a\u0078d":3,"":4,"ab":5}"#, nil, 0),
    ] as [(String, String?, Int)])
  func duplicateKeys(text: String, cause: String?, offset: Int) {
    let error = Self.failure(text)
    #expect(error?.cause == cause)
    #expect(error?.offset ?? 0 == offset)
  }

  @Test("a word's lowest special-byte bit is its first quote, backslash or control byte, wherever")
  func firstSpecialByte() {
    let fillers: [UInt8] = [0x41, 0x20, 0x7F, 0x80, 0x9F, 0xA0, 0xE4, 0xFF, 0x21, 0x23, 0x5B, 0x5D]
    for special: UInt8 in [0x22, 0x5C, 0x00, 0x01, 0x1F] {
      for position in 0..<8 {
        for filler in fillers {
          // After the special byte: bytes that a borrow could flag too (0x01, 0x23, 0x5D, 0x21).
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = special
          for later in (position + 1)..<8 where later % 2 == 0 { bytes[later] = 0x01 }
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          let mask = JSONText.specialBytes(word)
          #expect(mask.trailingZeroBitCount >> 3 == position, "\(bytes)")
        }
      }
    }
    let plain = Array("Abc é]#!".utf8)
    #expect(JSONText.specialBytes(plain.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }) == 0)
  }

  @Test("strings of every length end at their quote, ASCII or not, with what comes after them")
  func stringLengths() throws {
    for length in 0..<40 {
      for text in [String(repeating: "a", count: length), String(repeating: "é", count: length)] {
        for after in ["", " ", "\"x\"", "\u{1}"] {
          let document = Array("[\"\(text)\",1]\(after)".utf8)
          let error = Self.failure(bytes: document)
          if after.isEmpty || after == " " {
            let tape = try document.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
              try JSONTape(buffer)
            }
            #expect(tape.entries[1].end - tape.entries[1].start == UInt32(text.utf8.count))
            #expect(tape.entries[1].isASCII == (length == 0 || text.first == "a"))
            #expect(tape.entries[2].kind == .number)
          } else {
            #expect(error?.cause == "garbage at end")
            #expect(error?.offset == text.utf8.count + 6)
          }
        }
      }
    }
  }

  @Test("Foundation's leniencies: a byte order mark and a trailing comma")
  func leniencies() throws {
    #expect(try Self.tape("\u{FEFF}[1,]").entries.count == 2)
    #expect(try Self.tape(#"{"a":1,}"#).entries[0].count == 1)
  }

  @Test("the line and column of an offset count characters")
  func lineAndColumn() {
    let bytes = Array("{\n  \"中\": x}".utf8)
    #expect(JSONSyntaxError.lineAndColumn(of: 10, in: bytes) == (2, 7))
  }
}
