import TableCore
import Testing

@testable import TableFlow

@Suite("PresentStateMachine")
struct PresentStateMachineTests {
  static let screen = ScreenRef(instance: 1, name: "list", depth: 0)
  static let other = ScreenRef(instance: 2, name: "detail", depth: 1)

  static func snapshot(_ ids: [String]) -> TableSnapshot {
    TableSnapshot(uncheckedSections: [
      Section(id: "s", rows: ids.map { Row(id: RowID($0), kind: "t", model: TitleModel(title: $0)) })
    ])
  }

  static func built(_ screen: ScreenRef, from old: TableSnapshot, to new: TableSnapshot) -> BuiltSnapshot {
    BuiltSnapshot(screen: screen, snapshot: new, changeset: new.difference(from: old))
  }

  @Test("each screen counts its own versions from 1")
  func versions() {
    var machine = PresentStateMachine()
    let a = Self.snapshot(["a"])
    let ab = Self.snapshot(["a", "b"])
    #expect(
      machine.present(Self.built(Self.screen, from: .empty, to: a), navigation: nil).update.version == 1)
    #expect(machine.present(Self.built(Self.other, from: .empty, to: a), navigation: nil).update.version == 1)
    #expect(machine.present(Self.built(Self.screen, from: a, to: ab), navigation: nil).update.version == 2)
    #expect(machine.snapshot(of: Self.screen) == ab)
  }

  @Test("revealing a screen shows its current version with no changes")
  func reveal() {
    var machine = PresentStateMachine()
    let a = Self.snapshot(["a"])
    _ = machine.present(Self.built(Self.screen, from: .empty, to: a), navigation: nil)
    let update = machine.reveal(Self.screen, navigation: .popped(Self.other, to: Self.screen))
    #expect(update.version == 1)
    #expect(update.snapshot == a)
    #expect(update.changeset.isEmpty)
  }

  @Test("a changeset the headless table rejects is an internal failure; the table reloads")
  func rejectedChangeset() {
    var machine = PresentStateMachine()
    let a = Self.snapshot(["a"])
    _ = machine.present(Self.built(Self.screen, from: .empty, to: a), navigation: nil)
    let wrong = Self.snapshot(["a", "b", "c"])
    // A changeset computed from the wrong old snapshot: inserts that do not add up.
    let action = machine.present(Self.built(Self.screen, from: .empty, to: wrong), navigation: nil)
    #expect(action.failure?.category == .internal)
    #expect(action.failure?.stage == .present)
    #expect(action.update.version == 2)
    #expect(machine.snapshot(of: Self.screen) == wrong)
  }
}
