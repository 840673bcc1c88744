/// A JSON array decoded element by element: an element that does not decode becomes an
/// ``InvalidItem`` in its place, naming its coding path, while the others decode as usual.
///
/// Use it for the lists of a screen's model so that one malformed item shows as a
/// placeholder row (``InvalidItem/row(id:)``) instead of failing the whole page:
/// ```swift
/// struct BookCollections: Decodable {
///   var total: Int
///   var collections: TolerantArray<MyBook>
/// }
/// ```
/// The array itself must be there and be an array; only its elements are tolerated. Encoding
/// writes the valid elements only.
public struct TolerantArray<Element: Sendable>: Sendable, RandomAccessCollection {
  /// The elements in backend order, each valid or not.
  public var items: [Tolerant<Element>]

  /// Creates an array of valid elements.
  public init(_ elements: [Element]) {
    items = elements.map { .valid($0) }
  }

  /// Creates an array of elements that may be invalid.
  public init(items: [Tolerant<Element>]) {
    self.items = items
  }

  /// The valid elements, in order.
  public var valid: [Element] {
    items.compactMap { if case .valid(let element) = $0 { element } else { nil } }
  }

  /// The elements that did not decode, in order.
  public var invalid: [InvalidItem] {
    items.compactMap { if case .invalid(let item) = $0 { item } else { nil } }
  }

  /// The first index.
  public var startIndex: Int { items.startIndex }
  /// One past the last index.
  public var endIndex: Int { items.endIndex }
  /// The item at `position`.
  public subscript(position: Int) -> Tolerant<Element> { items[position] }
}

/// One element of a ``TolerantArray``: decoded, or the reason it was not.
public enum Tolerant<Element: Sendable>: Sendable {
  /// The element decoded.
  case valid(Element)
  /// The element did not decode.
  case invalid(InvalidItem)
}

// Written out and inlinable, unlike the derived conformances: a feed's module then compares
// and hashes its `Tolerant<Item>`s with specialised code (the memo compares every item of a
// refreshed page), not through the generic witness, which copies each payload to look at it.
extension Tolerant: Equatable where Element: Equatable {
  /// Both valid with equal elements, or both invalid with equal reasons.
  @inlinable
  public static func == (lhs: Tolerant, rhs: Tolerant) -> Bool {
    switch lhs {
    case .valid(let left):
      guard case .valid(let right) = rhs else { return false }
      return left == right
    case .invalid(let left):
      guard case .invalid(let right) = rhs else { return false }
      return left == right
    }
  }
}

extension Tolerant: Hashable where Element: Hashable {
  /// Hashes the case and what it holds.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .valid(let element):
      hasher.combine(0 as UInt8)
      hasher.combine(element)
    case .invalid(let item):
      hasher.combine(1 as UInt8)
      hasher.combine(item)
    }
  }
}
extension TolerantArray: Equatable where Element: Equatable {}
extension TolerantArray: Hashable where Element: Hashable {}

extension TolerantArray: ExpressibleByArrayLiteral {
  /// Creates an array of valid elements.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension TolerantArray: Decodable where Element: Decodable {
  /// Decodes each element on its own; one that fails is kept as an ``InvalidItem``.
  ///
  /// - Throws: `DecodingError` when the value is not an array.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var items: [Tolerant<Element>] = []
    if let count = container.count { items.reserveCapacity(count) }
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        items.append(.valid(try container.decode(Element.self)))
      } catch let error as DecodingError {
        // The failed decode left the container on this element: step over it.
        _ = try container.decode(SkippedElement.self)
        items.append(.invalid(InvalidItem(error, index: index)))
      }
    }
    self.items = items
  }
}

extension TolerantArray: Encodable where Element: Encodable {
  /// Encodes the valid elements.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for case .valid(let element) in items { try container.encode(element) }
  }
}

/// Decodes any JSON value to nothing: how a ``TolerantArray`` steps over a bad element.
private struct SkippedElement: Decodable {
  init(from decoder: any Decoder) throws {}
}
