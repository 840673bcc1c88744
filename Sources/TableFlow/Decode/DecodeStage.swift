/// Decodes each batch the fetch stage received (`responseReceived`) into the model type of the
/// screen that sent it, and publishes `decoded`: the typed pages, or the failure (the fetch's
/// own, or the first body in request order that did not decode, with its coding path and byte
/// offset). The bodies of one batch decode in parallel.
actor DecodeStage {
  private let bus: EventBus
  /// The last answers' strings, reused by the next answer to the same request.
  private let strings = DecodedStrings()

  init(bus: EventBus) { self.bus = bus }

  /// Takes events until the bus finishes.
  func run(_ mailbox: StageMailbox) async {
    while let batch = await mailbox.next() {
      for event in batch {
        guard case .responseReceived(let fetched) = event.event.payload else { continue }
        let decoded = await StringReuse.$store.withValue(strings) { await Self.decode(fetched) }
        await bus.publish(.decoded(decoded))
      }
    }
  }

  static func decode(_ fetched: FetchedBatch) async -> DecodedBatch {
    if let failure = fetched.failure {
      return DecodedBatch(fetched: fetched, failure: failure, pages: nil)
    }
    switch await fetched.batch.decoder.decode(fetched.responses) {
    case .success(let pages): return DecodedBatch(fetched: fetched, failure: nil, pages: pages)
    case .failure(let failure): return DecodedBatch(fetched: fetched, failure: failure, pages: nil)
    }
  }
}
