import TableCore
import Testing

@Suite("DuplicateIDRenamer from the main actor")
struct DuplicateIDRenamerCallerTests {
  @Test("unusedVariant(of:isTaken:) takes a closure reading main-actor state")
  func unusedVariant() {
    var taken: Set<RowID> = ["a", "a#2"]
    var renamer = DuplicateIDRenamer<RowTag>()
    let first = renamer.unusedVariant(of: "a") { taken.contains($0) }
    taken.insert(first)
    let second = renamer.unusedVariant(of: "a") { taken.contains($0) }
    #expect([first, second] == ["a#3", "a#4"])
  }
}
