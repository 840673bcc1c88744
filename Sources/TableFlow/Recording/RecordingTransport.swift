import FixtureKit

/// Wraps a live transport and records every exchange into a `SessionRecorder`.
///
/// The request is recorded before it is sent and its response (or failure) after, so a session
/// killed mid-request still shows what was asked. A cancelled request records no answer.
public struct RecordingTransport: Transport {
  /// The live transport's own headers, so an outer recorder would see them too.
  public var addedHeaders: [NameValue] { live.addedHeaders }

  /// The transport that talks to the backend.
  public let live: any Transport
  /// Where exchanges are written.
  public let recorder: SessionRecorder

  /// Records what `live` sends and receives into `recorder`.
  public init(live: any Transport, recorder: SessionRecorder) {
    self.live = live
    self.recorder = recorder
  }

  /// Sends the request live and records the exchange.
  ///
  /// - Throws: the live transport's `TransportError`; `.responseTooLarge` when the response is
  ///   over the fixture's limits (the fixture records that error instead, so replay agrees); or
  ///   `.recordingFailed` when the fixture could not be written (the session's recording is
  ///   then incomplete).
  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let seq = await recorder.record(request: request, addedHeaders: live.addedHeaders)
    let response: TransportResponse
    do {
      response = try await live.send(request)
    } catch {
      if error.code != .cancelled {
        await recorder.record(failure: error, toRequest: seq)
      }
      throw error
    }
    if let tooLarge = await recorder.record(response: response, toRequest: seq) { throw tooLarge }
    if let failure = await recorder.writeFailure {
      throw TransportError(.recordingFailed, failure.description)
    }
    return response
  }
}
