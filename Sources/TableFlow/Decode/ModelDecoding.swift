/// The model a request's answer decodes into when it is not the screen's own `Model`: for a
/// screen that combines endpoints of different shapes, without a hand-written union type.
///
/// ```swift
/// func requests(for load: ScreenLoad, state: ScreenState<Profile>) -> [ScreenRequest] {
///   [.get("/api/profile"), ScreenRequest.get("/api/photos", slot: "photos").decoding(as: PhotoLibrary.self)]
/// }
/// func sections(for state: ScreenState<Profile>) throws -> [Section] {
///   let photos = state.pages(in: "photos", as: PhotoLibrary.self).last
///   …
/// }
/// ```
public struct ModelDecoding: Hashable, Sendable, CustomStringConvertible {
  private let type: ObjectIdentifier
  private let name: String
  let decode: @Sendable ([UInt8]) throws -> any Sendable

  /// Decodes answers as `Model` from JSON with `decoding` (the package's decoder unless told).
  public init<Model: Decodable & Sendable>(_ model: Model.Type, using decoding: JSONDecoding = .tableFlow) {
    type = ObjectIdentifier(model)
    name = String(describing: model)
    decode = { body in try decoding.decode(Model.self, from: body) }
  }

  /// Decodes answers as `Model` with `decode`.
  public init<Model: Sendable>(_ model: Model.Type, decode: @escaping @Sendable ([UInt8]) throws -> Model) {
    type = ObjectIdentifier(model)
    name = String(describing: model)
    self.decode = { body in try decode(body) }
  }

  /// The model type's name.
  public var description: String { name }

  /// Two decodings are equal when they decode into the same type.
  public static func == (lhs: ModelDecoding, rhs: ModelDecoding) -> Bool { lhs.type == rhs.type }

  /// Hashes the model type.
  public func hash(into hasher: inout Hasher) { hasher.combine(type) }
}

extension ScreenRequest {
  /// This request with its answer decoded as `model` (JSON, with `decoding`) instead of the
  /// screen's `Model`; the screen reads it with ``ScreenState/pages(in:as:)``.
  public func decoding<Model: Decodable & Sendable>(
    as model: Model.Type, using decoding: JSONDecoding = .tableFlow
  ) -> ScreenRequest {
    var request = self
    request.decoding = ModelDecoding(model, using: decoding)
    return request
  }
}
