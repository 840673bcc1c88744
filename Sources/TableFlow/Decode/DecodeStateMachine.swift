import FixtureKit
import Foundation

/// The decode stage's logic: decodes a batch's bodies in request order and settles on the
/// decoded models or on the first failure, described with its coding path and byte offset
/// when known.
struct DecodeStateMachine {
  /// Decodes every body with `decode`, in order; the models, or the first failure. Pure apart
  /// from what `decode` does.
  func decode<Model>(
    _ responses: [ReceivedResponse], with decode: ([UInt8]) throws -> Model
  ) -> Result<[Model], PipelineFailure> {
    self.decode(responses, received: { try decode($0.response.body) })
  }

  /// Decodes every answer with `decode`, which sees its headers and request too, in order.
  func decode<Model>(
    _ responses: [ReceivedResponse], received decode: (ReceivedResponse) throws -> Model
  ) -> Result<[Model], PipelineFailure> {
    var models: [Model] = []
    models.reserveCapacity(responses.count)
    for received in responses {
      do {
        models.append(try decode(received))
      } catch {
        return .failure(Self.failure(error, decoding: received))
      }
    }
    return .success(models)
  }

  /// A `data` failure naming the request, the coding path and the byte offset when known.
  static func failure(_ error: any Error, decoding received: ReceivedResponse) -> PipelineFailure {
    let what = "\(received.request.method) \(received.request.relativeURL)"
    guard let decodingError = error as? DecodingError else {
      return PipelineFailure(.data, stage: .decode, "undecodable response to \(what): \(error)")
    }
    let context: DecodingError.Context
    let problem: String
    switch decodingError {
    case .dataCorrupted(let c) where c.codingPath.isEmpty || c.underlyingError is JSONSyntaxError:
      return syntaxFailure(in: received, what: what, context: c)
    case .dataCorrupted(let c):
      context = c
      problem = "invalid value"
    case .keyNotFound(let key, let c):
      context = c
      problem = "missing key '\(key.stringValue)'"
    case .typeMismatch(let type, let c):
      context = c
      problem = "expected \(type)"
    case .valueNotFound(let type, let c):
      context = c
      problem = "expected \(type), found null"
    @unknown default:
      return PipelineFailure(.data, stage: .decode, "undecodable response to \(what): \(error)")
    }
    var message = "\(problem) in response to \(what)"
    let path = codingPath(context.codingPath)
    if !path.isEmpty { message += " at \(path)" }
    if let offset = byteOffset(in: context) { message += ", byte \(offset)" }
    let detail = firstLine(of: context.underlyingError.map { "\($0)" } ?? context.debugDescription)
    if !detail.isEmpty { message += ": \(detail)" }
    return PipelineFailure(.data, stage: .decode, message)
  }

  /// `a.b[2].c`, as a reader would write the path.
  static func codingPath(_ path: [any CodingKey]) -> String { CodingPathText.text(path) }

  /// The byte offset Foundation's JSON parser reported, when it did.
  static func byteOffset(in context: DecodingError.Context) -> Int? {
    if let underlying = context.underlyingError as NSError?,
      let index = underlying.userInfo["NSJSONSerializationErrorIndex"] as? Int
    {
      return index
    }
    return nil
  }

  /// A body that is not JSON at all: `malformed JSON in response to GET /x, byte N: cause`,
  /// located by the package's scanner (the error the package's decoder threw, or,
  /// for Foundation's, which gives no position on Linux, the body scanned again).
  static func syntaxFailure(
    in received: ReceivedResponse, what: String, context: DecodingError.Context
  ) -> PipelineFailure {
    var message = "malformed JSON in response to \(what)"
    let body = received.response.body
    let located: JSONSyntaxError?
    if let error = context.underlyingError as? JSONSyntaxError {
      located = error
    } else {
      do throws(JSONSyntaxError) {
        _ = try body.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
        located = nil
      } catch {
        located = error
      }
    }
    if let located {
      message += ", byte \(located.offset): \(located.cause)"
    } else {
      message += ": \(firstLine(of: context.debugDescription))"
    }
    return PipelineFailure(.data, stage: .decode, message)
  }

  private static func firstLine(of text: String) -> String {
    String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
  }
}
