/// Writes the header and records as single JSON lines (without the newline) into a buffer.
///
/// Field order is fixed so files are byte-for-byte reproducible; bodies go last so a reader
/// sees a record's small fields before its large one.
enum RecordEncoder {
  /// Appends the header line.
  static func encode(_ header: FixtureHeader, to buffer: ByteBuffer) {
    buffer.append(ascii: "{\"format\":")
    JSONText.appendQuoted(FixtureHeader.formatName, to: buffer)
    buffer.append(ascii: ",\"version\":")
    buffer.append(decimal: header.version)
    buffer.append(ascii: ",\"feed\":")
    JSONText.appendQuoted(header.feed, to: buffer)
    buffer.append(ascii: ",\"tool\":")
    JSONText.appendQuoted(header.tool, to: buffer)
    if let base = header.base {
      buffer.append(ascii: ",\"base\":")
      JSONText.appendQuoted(base, to: buffer)
    }
    if !header.params.isEmpty {
      buffer.append(ascii: ",\"params\":{")
      for (index, key) in header.params.keys.sorted().enumerated() {
        if index > 0 { buffer.append(UInt8(ascii: ",")) }
        JSONText.appendQuoted(key, to: buffer)
        buffer.append(UInt8(ascii: ":"))
        JSONText.appendQuoted(header.params[key] ?? "", to: buffer)
      }
      buffer.append(UInt8(ascii: "}"))
    }
    if let spec = header.spec {
      buffer.append(ascii: ",\"spec\":{\"file\":")
      JSONText.appendQuoted(spec.file, to: buffer)
      buffer.append(ascii: ",\"sha256\":")
      JSONText.appendQuoted(spec.sha256, to: buffer)
      buffer.append(UInt8(ascii: "}"))
    }
    buffer.append(UInt8(ascii: "}"))
  }

  /// Appends one record line.
  static func encode(_ record: FixtureRecord, to buffer: ByteBuffer) {
    buffer.append(ascii: "{\"seq\":")
    buffer.append(decimal: record.seq)
    switch record.entry {
    case .request(let request):
      buffer.append(ascii: ",\"type\":\"request\",\"method\":")
      JSONText.appendQuoted(request.method, to: buffer)
      buffer.append(ascii: ",\"url\":")
      JSONText.appendQuoted(request.url, to: buffer)
      appendHeaders(request.headers, to: buffer)
      if let body = request.body { appendBody(body, to: buffer) }
    case .response(let response):
      buffer.append(ascii: ",\"type\":\"response\",\"request\":")
      buffer.append(decimal: response.request)
      buffer.append(ascii: ",\"status\":")
      buffer.append(decimal: response.status)
      buffer.append(ascii: ",\"elapsedMs\":")
      appendMilliseconds(response.elapsedMilliseconds, to: buffer)
      appendHeaders(response.headers, to: buffer)
      appendBody(response.body, to: buffer)
    case .intent(let intent):
      buffer.append(ascii: ",\"type\":\"intent\",\"intent\":")
      JSONText.appendQuoted(intent, to: buffer)
    case .error(let failure):
      buffer.append(ascii: ",\"type\":\"error\"")
      if let request = failure.request {
        buffer.append(ascii: ",\"request\":")
        buffer.append(decimal: request)
      }
      if let code = failure.code {
        buffer.append(ascii: ",\"code\":")
        JSONText.appendQuoted(code, to: buffer)
      }
      buffer.append(ascii: ",\"message\":")
      JSONText.appendQuoted(failure.message, to: buffer)
    }
    buffer.append(UInt8(ascii: "}"))
  }

  private static func appendHeaders(_ headers: [FixtureField], to buffer: ByteBuffer) {
    buffer.append(ascii: ",\"headers\":[")
    for (index, field) in headers.enumerated() {
      buffer.append(ascii: index == 0 ? "[" : ",[")
      JSONText.appendQuoted(field.name, to: buffer)
      buffer.append(UInt8(ascii: ","))
      JSONText.appendQuoted(field.value, to: buffer)
      buffer.append(UInt8(ascii: "]"))
    }
    buffer.append(UInt8(ascii: "]"))
  }

  /// `"body":"text"` when the bytes are valid UTF-8, else `"bodyBase64":"…"`.
  private static func appendBody(_ body: [UInt8], to buffer: ByteBuffer) {
    body.withUnsafeBufferPointer { bytes in
      if let length = JSONText.escapedLength(bytes) {
        buffer.append(ascii: ",\"body\":\"")
        JSONText.appendEscaped(bytes, escapedLength: length, to: buffer)
      } else {
        buffer.append(ascii: ",\"bodyBase64\":\"")
        JSONText.appendBase64(bytes, to: buffer)
      }
      buffer.append(UInt8(ascii: "\""))
    }
  }

  /// Milliseconds rounded to microseconds; negative or non-finite values are written as 0.
  private static func appendMilliseconds(_ value: Double, to buffer: ByteBuffer) {
    guard value.isFinite, value > 0 else {
      buffer.append(UInt8(ascii: "0"))
      return
    }
    let microseconds = (value * 1000).rounded()
    guard microseconds.isFinite else {
      // Too large to round (beyond 1.8e305 ms): the value as it is, still a JSON number.
      var text = value.description
      text.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
      return
    }
    if microseconds < 9e15, microseconds.truncatingRemainder(dividingBy: 1000) == 0 {
      buffer.append(decimal: Int(microseconds / 1000))
    } else {
      var text = (microseconds / 1000).description
      text.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
    }
  }
}
