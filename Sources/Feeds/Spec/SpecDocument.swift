/// One answer of a spec screen's request: the JSON and, found once when it was decoded, the
/// records each of the screen's records pointers names.
public struct SpecDocument: Hashable, Sendable, Decodable {
  /// The whole answer.
  public let root: SpecValue
  /// Per records pointer of the screen (in ``SpecScreenDefinition/recordPointers`` order),
  /// the records: an array's elements; an object is one record; nothing, or `null`, is no
  /// records; `nil` when the pointer names another value (a string, a number), which the
  /// screen shows as an error.
  let records: [[SpecRecord]?]
  /// The next page its `Link` header names (`SpecLink`), when the screen paginates by
  /// links: the page, `nil` for none, or why it cannot be followed.
  let next: Result<SpecLink?, SpecLinkProblem>
  /// The offset the answer was asked for (its request's `${page.offset}` query item), when
  /// the screen paginates by offset and the request said it: where its records start in the
  /// backend's list.
  var offset: Int?

  init(
    root: SpecValue, pointers: [SpecPointer], next: Result<SpecLink?, SpecLinkProblem> = .success(nil),
    offset: Int? = nil
  ) {
    self.root = root
    self.next = next
    self.offset = offset
    records = pointers.map { pointer in
      guard let (value, steps) = pointer.locate(in: root) else { return [] }
      switch value {
      case .array(let elements):
        return elements.enumerated().map { SpecRecord(index: $0.offset, value: $0.element, base: steps) }
      case .object: return [SpecRecord(index: 0, value: value, base: steps, isWhole: true)]
      case .null: return []
      default: return nil
      }
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
///
/// Two records are equal when their values (and arrays) are, wherever they are in them: the
/// index is where a record is, not what it is. So a record that moves up after an insertion
/// keeps its rows (``ScreenState/memoisedRows(_:ofPages:build:)``), unless they show its
/// index. Arrays of records compare in step, so equal arrays hold equal indices too.
struct SpecRecord: Hashable, Sendable {
  var index: Int
  var value: SpecValue
  var base: [SpecPath.Step]
  /// Whether the record is the object the pointer names rather than an element of an array.
  var isWhole = false

  /// `collections[2]` (`data` for a whole object).
  var steps: [SpecPath.Step] { isWhole ? base : base + [.index(index)] }

  static func == (lhs: SpecRecord, rhs: SpecRecord) -> Bool {
    lhs.value == rhs.value && lhs.isWhole == rhs.isWhole && lhs.base == rhs.base
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

/// Any JSON document, read for its syntax alone: what ``SpecScreen`` asks the package's
/// decoder to read when its own parser refuses an answer, so the error is worded as for any feed.
struct SpecAnyJSON: Decodable {
  init(from decoder: any Decoder) throws {}
}
