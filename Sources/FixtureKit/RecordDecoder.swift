/// Reads the header and record lines written by `RecordEncoder` (field order free, unknown
/// fields skipped) into values, or fails with a message and column.
enum RecordDecoder {
  typealias Failure = JSONScanner.Failure

  /// What a header line said, before its format and version are judged.
  struct RawHeader {
    var format: String?
    var version: Int?
    var feed: String?
    var tool: String?
    var base: String?
    var params: [String: String] = [:]
    var specFile: String?
    var specHash: String?
  }

  /// Reads a header line.
  static func decodeHeader(_ scanner: inout JSONScanner) throws(Failure) -> RawHeader {
    var header = RawHeader()
    try scanner.readObject { (scanner: inout JSONScanner, key: String) throws(Failure) in
      switch key {
      case "format": header.format = try scanner.readString()
      case "version": header.version = try scanner.readInteger()
      case "feed": header.feed = try scanner.readString()
      case "tool": header.tool = try scanner.readString()
      case "base": header.base = try scanner.readString()
      case "params":
        try scanner.readObject { (scanner: inout JSONScanner, name: String) throws(Failure) in
          header.params[name] = try scanner.readString()
        }
      case "spec":
        try scanner.readObject { (scanner: inout JSONScanner, name: String) throws(Failure) in
          switch name {
          case "file": header.specFile = try scanner.readString()
          case "sha256": header.specHash = try scanner.readString()
          default: try scanner.skipValue()
          }
        }
      default: try scanner.skipValue()
      }
    }
    try expectEnd(&scanner)
    return header
  }

  /// Reads a record line.
  static func decodeRecord(_ scanner: inout JSONScanner) throws(Failure) -> FixtureRecord {
    var seq: Int?
    var type: String?
    var method: String?
    var url: String?
    var headers: [FixtureField] = []
    var body: [UInt8]?
    var request: Int?
    var status: Int?
    var elapsed: Double = 0
    var intent: String?
    var code: String?
    var message: String?
    try scanner.readObject { (scanner: inout JSONScanner, key: String) throws(Failure) in
      switch key {
      case "seq": seq = try scanner.readInteger()
      case "type": type = try scanner.readString()
      case "method": method = try scanner.readString()
      case "url": url = try scanner.readString()
      case "headers": headers = try readHeaders(&scanner)
      case "body": body = try scanner.readBytes()
      case "bodyBase64": body = try scanner.readBase64()
      case "request": request = try scanner.readInteger()
      case "status": status = try scanner.readInteger()
      case "elapsedMs": elapsed = try scanner.readNumber()
      case "intent": intent = try scanner.readString()
      case "code": code = try scanner.readString()
      case "message": message = try scanner.readString()
      default: try scanner.skipValue()
      }
    }
    try expectEnd(&scanner)
    guard let seq else { throw Failure(message: "missing \"seq\"", column: 1) }
    func require<Value>(_ value: Value?, _ name: String) throws(Failure) -> Value {
      guard let value else {
        throw Failure(message: "\(type ?? "record") record without \"\(name)\"", column: 1)
      }
      return value
    }
    let entry: FixtureRecord.Entry
    switch type {
    case "request":
      entry = .request(
        RecordedRequest(
          method: try require(method, "method"), url: try require(url, "url"), headers: headers,
          body: body))
    case "response":
      entry = .response(
        RecordedResponse(
          request: try require(request, "request"), status: try require(status, "status"),
          headers: headers, body: body ?? [], elapsedMilliseconds: elapsed))
    case "intent":
      entry = .intent(try require(intent, "intent"))
    case "error":
      entry = .error(
        RecordedFailure(request: request, code: code, message: try require(message, "message")))
    case nil:
      throw Failure(message: "missing \"type\"", column: 1)
    case let other?:
      throw Failure(message: "unknown record type \"\(other.prefix(40))\"", column: 1)
    }
    return FixtureRecord(seq: seq, entry: entry)
  }

  private static func readHeaders(_ scanner: inout JSONScanner) throws(Failure) -> [FixtureField] {
    var fields: [FixtureField] = []
    try scanner.readArray { (scanner: inout JSONScanner) throws(Failure) in
      var pair: [String] = []
      try scanner.readArray { (scanner: inout JSONScanner) throws(Failure) in
        guard pair.count < 2 else { throw scanner.failure("a header is a [name, value] pair") }
        pair.append(try scanner.readString())
      }
      guard pair.count == 2 else { throw scanner.failure("a header is a [name, value] pair") }
      fields.append(FixtureField(pair[0], pair[1]))
    }
    return fields
  }

  private static func expectEnd(_ scanner: inout JSONScanner) throws(Failure) {
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.failure("unexpected text after the record") }
  }
}
