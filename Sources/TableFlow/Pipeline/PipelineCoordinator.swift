/// Walks each intent through the stages until its snapshots are presented: transform first,
/// then fetch → decode → transform for every batch of requests, and present for every
/// snapshot built. Runs on the stages' shared executor (see ``StageHome``).
actor PipelineCoordinator {
  private let home: StageHome
  private let fetch: FetchStage
  private let decode: DecodeStage
  private let transform: TransformStage
  private let present: PresentStage
  private let willHandle: (@Sendable (Intent) async -> Void)?

  /// Runs on the executor all stages share.
  nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

  init(
    home: StageHome, fetch: FetchStage, decode: DecodeStage, transform: TransformStage, present: PresentStage,
    willHandle: (@Sendable (Intent) async -> Void)?
  ) {
    self.home = home
    self.willHandle = willHandle
    self.fetch = fetch
    self.decode = decode
    self.transform = transform
    self.present = present
  }

  /// Handles intents in order, each until presented; `false` when cancelled before the end.
  func handle(_ intents: some Sequence<Intent> & Sendable) async -> Bool {
    for intent in intents {
      guard await handle(intent) else { return false }
    }
    return true
  }

  /// Handles one intent until its snapshots are presented; `false` when cancelled.
  func handle(_ intent: Intent) async -> Bool {
    await willHandle?(intent)
    var queue = await transform.received(intent)[...]
    while let work = queue.popFirst() {
      if Task.isCancelled { return false }
      switch work {
      case .present(let built, let navigation):
        await present.present(built, navigation: navigation)
      case .reveal(let screen, let navigation):
        await present.reveal(screen, navigation: navigation)
      case .fetch(let job):
        switch await fetch.perform(job) {
        case .cancelled:
          return false
        case .failed(let failure):
          queue.append(contentsOf: await transform.fetchFailed(job, failure))
        case .answered(let responses):
          switch await decode.decode(job, responses) {
          case .decoded(let models):
            queue.append(contentsOf: await transform.decoded(job, models: models))
          case .failed(let failure):
            queue.append(contentsOf: await transform.fetchFailed(job, failure))
          }
        }
      }
    }
    return !Task.isCancelled
  }
}
