import FixtureKit

/// Wraps a live transport and records every exchange into a `SessionRecorder`.
///
/// The request is recorded before it is sent and its response (or failure) after, so a session
/// killed mid-request still shows what was asked. A cancelled request records no answer.
public struct RecordingTransport: Transport {
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
  /// - Throws: the live transport's `TransportError`, or `.recordingFailed` when the fixture
  ///   could not be written (the session's recording is then incomplete).
  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let seq = await recorder.record(request: request)
    let response: TransportResponse
    do {
      response = try await live.send(request)
    } catch {
      if error.code != .cancelled {
        await recorder.record(failure: error, toRequest: seq)
      }
      throw error
    }
    await recorder.record(response: response, toRequest: seq)
    if let failure = await recorder.writeFailure {
      throw TransportError(.recordingFailed, failure.description)
    }
    return response
  }
}
