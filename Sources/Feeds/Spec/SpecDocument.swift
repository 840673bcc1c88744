/// One answer of a spec screen's request: the JSON and, found once when it was decoded, the
/// records each of the screen's records pointers names.
public struct SpecDocument: Hashable, Sendable, Decodable {
  /// The whole answer.
  public let root: SpecValue
  /// Per records pointer of the screen (in ``SpecScreenDefinition/recordPointers`` order),
  /// the records, or `nil` when the pointer names no array in this answer.
  let records: [[SpecRecord]?]

  init(root: SpecValue, pointers: [SpecPointer]) {
    self.root = root
    records = pointers.map { pointer in
      guard let (value, steps) = pointer.locate(in: root), case .array(let elements) = value else {
        return nil
      }
      return elements.enumerated().map { SpecRecord(index: $0.offset, value: $0.element, base: steps) }
    }
  }

  /// Spec documents are made by ``SpecScreen``'s `decode(_:)`, which knows where the records
  /// are; decoding one through `Decodable` alone cannot, and says so.
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(
      .init(codingPath: decoder.codingPath, debugDescription: "a spec answer is decoded by its SpecScreen"))
  }
}

/// A record of an answer: its index in its array, its value, and the coding path of the array.
struct SpecRecord: Hashable, Sendable {
  var index: Int
  var value: SpecValue
  var base: [SpecPath.Step]

  /// `collections[2]`.
  var steps: [SpecPath.Step] { base + [.index(index)] }
}
