import TableCore

/// The rows and sections a screen built at its last build, by key: what
/// ``ScreenState/rows(_:of:row:)``, ``ScreenState/rows(_:ofPages:build:)`` and
/// ``ScreenState/sections(_:from:build:)`` reuse.
///
/// One entry per key, replaced at each use. The pipeline sweeps after every build of the
/// screen, dropping the entries that build did not use, so memory follows what the screen
/// shows. Shared by the copies of a state: the rows of an item are a pure function of the
/// item (and of the key), so whichever copy built them, they are the rows any copy would
/// build.
@usableFromInline
final class RowMemo: Sendable {
  /// One key's items and rows, with the generation of the sweep that last saw it used.
  private struct Slot {
    var entry: any Sendable
    var generation: Int
  }

  private struct Store {
    var slots: [AnyHashable: Slot] = [:]
    var generation = 0
  }

  private let memory = Locked(Store())

  @usableFromInline init() {}

  /// The entry last stored under `key`, if it is an `Entry`.
  @usableFromInline
  func entry<Entry: Sendable>(for key: AnyHashable, as type: Entry.Type) -> Entry? {
    memory.withLock { $0.slots[key]?.entry as? Entry }
  }

  /// Stores `entry` under `key`, used by the current build.
  @usableFromInline
  func remember<Entry: Sendable>(_ entry: Entry, for key: AnyHashable) {
    memory.withLock { store in
      store.slots[key] = Slot(entry: entry, generation: store.generation)
    }
  }

  /// Ends a build: forgets the entries it did not use.
  func sweep() {
    memory.withLock { store in
      let current = store.generation
      store.slots = store.slots.filter { $0.value.generation == current }
      store.generation += 1
    }
  }

  /// The number of keys remembered (for tests).
  var count: Int { memory.withLock { $0.slots.count } }
}
