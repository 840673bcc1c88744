/// A batch of requests one screen sent together: the transform stage's `requestStarted`, the
/// fetch stage's work, and what the answers are matched against.
public struct RequestBatch: Sendable {
  /// Identifies the batch within a pipeline: 1 for the first batch, then counting up.
  public let id: Int
  /// The screen that wants the answers.
  public let screen: ScreenRef
  /// The number the session gives the batch's first request: requests are numbered from 0 in
  /// the order the transform stage starts them, which is also the order a recording writes
  /// them, so a replay knows which recorded answer belongs to which batch.
  public let firstRequestNumber: Int
  /// The screen's requests, in order.
  let screenRequests: [ScreenRequest]
  /// Decodes the bodies into the screen's model; made where the model type is known.
  let decoder: any PageDecoder

  init(
    id: Int, screen: ScreenRef, firstRequestNumber: Int, requests: [ScreenRequest], decoder: any PageDecoder
  ) {
    self.id = id
    self.screen = screen
    self.firstRequestNumber = firstRequestNumber
    self.screenRequests = requests
    self.decoder = decoder
  }

  /// The requests, in order.
  public var requests: [TransportRequest] { screenRequests.map(\.request) }

  /// Whether request number `number` of the session belongs to this batch.
  public func contains(requestNumber number: Int) -> Bool {
    number >= firstRequestNumber && number < firstRequestNumber + screenRequests.count
  }
}

/// The fetch stage's outcome for a batch: every request's result, in request order.
public struct FetchedBatch: Sendable {
  /// The batch.
  public let batch: RequestBatch
  /// Each request's response (any status) or transport error, in request order.
  public let results: [Result<TransportResponse, TransportError>]
  /// The first failure in request order (a transport error or a refused status), if any.
  public let failure: PipelineFailure?

  /// Creates an outcome.
  public init(
    batch: RequestBatch, results: [Result<TransportResponse, TransportError>], failure: PipelineFailure?
  ) {
    self.batch = batch
    self.results = results
    self.failure = failure
  }

  /// The requests that were answered, with their responses, in request order.
  public var responses: [ReceivedResponse] {
    zip(batch.requests, results).compactMap { request, result in
      guard case .success(let response) = result else { return nil }
      return ReceivedResponse(request: request, response: response)
    }
  }
}

/// The decode stage's outcome for a batch: the pages in the screen's model type, or why not.
public struct DecodedBatch: Sendable {
  /// What the fetch stage received.
  public let fetched: FetchedBatch
  /// The fetch failure, or the first body that did not decode, if any.
  public let failure: PipelineFailure?
  /// The decoded pages in request order, typed by the screen that sent the batch.
  let pages: (any DecodedPages)?

  init(fetched: FetchedBatch, failure: PipelineFailure?, pages: (any DecodedPages)?) {
    self.fetched = fetched
    self.failure = failure
    self.pages = pages
  }

  /// The batch.
  public var batch: RequestBatch { fetched.batch }

  /// The screen that asked for the pages.
  public var screen: ScreenRef { fetched.batch.screen }

  /// The slot each page goes to, in request order.
  public var slots: [String] { fetched.batch.screenRequests.map(\.slot) }

  /// The decoded models in request order, for observers (the pipeline itself keeps them
  /// typed); empty when the batch failed.
  public var models: [any Sendable] { pages?.erasedModels ?? [] }
}

/// Decodes a batch's bodies into one screen's model type.
protocol PageDecoder: Sendable {
  /// Decodes every body in request order (several bodies in parallel); the pages, or the first
  /// failure in request order.
  func decode(_ responses: [ReceivedResponse]) async -> Result<any DecodedPages, PipelineFailure>
}

/// Decoded pages of one model type, in request order.
protocol DecodedPages: Sendable {
  /// The pages as `any Sendable`, for observers.
  var erasedModels: [any Sendable] { get }
}

/// One decoded answer: in the screen's model, or in the model its request named.
enum DecodedPage<Model: Sendable>: Sendable {
  case model(Model)
  case other(any Sendable)
}

/// The pages of a screen whose model is `Model`, in request order.
struct TypedPages<Model: Sendable>: DecodedPages {
  let pages: [DecodedPage<Model>]

  init(models: [Model]) { pages = models.map { .model($0) } }

  init(pages: [DecodedPage<Model>]) { self.pages = pages }

  var erasedModels: [any Sendable] {
    pages.map { page -> any Sendable in
      switch page {
      case .model(let model): model
      case .other(let other): other
      }
    }
  }
}
