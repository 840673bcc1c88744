import FixtureKit

/// What a recording pipeline's fetch stage sends through: the transport's answers as the
/// recording will hold them (redacted with the recorder's rules, and so their sizes too), so a
/// live log and the replay of its recording agree line for line.
struct RecordedViewTransport: Transport {
  let transport: any Transport
  let recorder: SessionRecorder

  var addedHeaders: [NameValue] { transport.addedHeaders }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let response: TransportResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw await recorder.recordedView(of: error)
    }
    return await recorder.recordedView(of: response, answering: request, addedHeaders: transport.addedHeaders)
  }

  func send(_ request: TransportRequest, number: Int) async throws(TransportError) -> TransportResponse {
    let response: TransportResponse
    do {
      response = try await transport.send(request, number: number)
    } catch {
      throw await recorder.recordedView(of: error)
    }
    return await recorder.recordedView(of: response, answering: request, addedHeaders: transport.addedHeaders)
  }
}
