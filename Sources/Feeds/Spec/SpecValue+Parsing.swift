import TableFlow

extension SpecValue {
  /// Parses one JSON document (UTF-8).
  ///
  /// Strict as the package's model decoder: UTF-8 is checked, an object with the same key
  /// twice is an error, and containers nested deeper than 512 are refused, so a hostile
  /// document cannot exhaust the stack (the value is built by a loop over the document's
  /// index, not by recursion into the text).
  /// - Throws: ``SpecSyntaxError`` naming the cause and the byte offset.
  /// - Complexity: O(n) for n bytes.
  public static func parse(_ bytes: [UInt8]) throws(SpecSyntaxError) -> SpecValue {
    let result: Result<SpecValue, SpecSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else {
        return .failure(SpecSyntaxError(cause: "unexpected end of input", offset: 0))
      }
      let tape: JSONTape
      do throws(JSONSyntaxError) {
        tape = try JSONTape(buffer)
      } catch {
        return .failure(SpecSyntaxError(cause: error.cause, offset: error.offset))
      }
      return .success(build(tape, base: base))
    }
    return try result.get()
  }

  /// The value of the whole tape: containers are opened on a stack and closed when their
  /// last entry has been read.
  private static func build(_ tape: JSONTape, base: UnsafePointer<UInt8>) -> SpecValue {
    struct Open {
      var isObject: Bool
      var end: Int
      var elements: [SpecValue] = []
      var members: [SpecMember] = []
      var pendingKey: String?
    }
    var stack: [Open] = []
    var index = 0
    var result = SpecValue.null
    let entries = tape.entries
    func deliver(_ value: SpecValue, to stack: inout [Open], result: inout SpecValue) {
      guard var top = stack.popLast() else {
        result = value
        return
      }
      if top.isObject {
        top.members.append(SpecMember(top.pendingKey ?? "", value))
        top.pendingKey = nil
      } else {
        top.elements.append(value)
      }
      stack.append(top)
    }
    while index < entries.count || !stack.isEmpty {
      // Close every container whose entries have all been read.
      if let top = stack.last, index >= top.end {
        stack.removeLast()
        let value: SpecValue = top.isObject ? .object(top.members) : .array(top.elements)
        deliver(value, to: &stack, result: &result)
        continue
      }
      let entry = entries[index]
      if let top = stack.last, top.isObject, top.pendingKey == nil {
        stack[stack.count - 1].pendingKey = tape.string(entry, in: base)
        index += 1
        continue
      }
      switch entry.kind {
      case .object, .array:
        var open = Open(isObject: entry.kind == .object, end: Int(entry.end))
        if entry.kind == .object {
          open.members.reserveCapacity(Int(entry.count))
        } else {
          open.elements.reserveCapacity(Int(entry.count))
        }
        stack.append(open)
        index += 1
        continue
      case .string: deliver(.string(tape.string(entry, in: base)), to: &stack, result: &result)
      case .number:
        let text = String(
          decoding: UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.end - entry.start)),
          as: UTF8.self)
        if entry.flag, let whole = Int(text) {
          deliver(.integer(whole), to: &stack, result: &result)
        } else {
          deliver(.number(Double(text) ?? 0), to: &stack, result: &result)
        }
      case .true: deliver(.bool(true), to: &stack, result: &result)
      case .false: deliver(.bool(false), to: &stack, result: &result)
      case .null: deliver(.null, to: &stack, result: &result)
      }
      index += 1
    }
    return result
  }
}

/// Text that is not JSON: the cause and the byte offset of the first problem.
public struct SpecSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var cause: String
  /// The byte offset of the problem, from 0.
  public var offset: Int

  /// Creates an error.
  public init(cause: String, offset: Int) {
    self.cause = cause
    self.offset = offset
  }

  /// `cause (byte N)`.
  public var description: String { "\(cause) (byte \(offset))" }
}
