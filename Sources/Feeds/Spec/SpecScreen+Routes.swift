import TableCore
import TableFlow

extension SpecScreen {
  /// The prototype with `index` and the section it belongs to.
  func prototype(_ index: Int) -> (prototype: SpecPrototype, section: SpecSectionDefinition)? {
    for section in definition.sections {
      switch section.content {
      case .fixed(let prototypes):
        if let found = prototypes.first(where: { $0.index == index }) { return (found, section) }
      case .records(let source):
        if let found = source.prototypes.first(where: { $0.index == index }) { return (found, section) }
        if let empty = source.empty, empty.index == index { return (empty, section) }
      }
    }
    return nil
  }

  /// The scope `row` was made in: the screen's parameters, and for a record's row, the record
  /// whose prototype gives the row's id.
  /// - Complexity: O(records of the section) for a record's row.
  func scope(
    ofRow row: Row, found: (prototype: SpecPrototype, section: SpecSectionDefinition),
    state: ScreenState<SpecDocument>
  ) -> SpecScope? {
    guard case .records(let source) = found.section.content,
      source.prototypes.contains(where: { $0.index == found.prototype.index })
    else { return scope }
    let request = definition.requests[source.request]
    for (pageIndex, page) in state.pages(in: request.name).enumerated() {
      for record in page.records[source.pointer] ?? [] {
        var scope = scope
        scope.item = record.value
        scope.itemSteps = record.steps
        scope.position = (pageIndex, record.index)
        guard found.prototype.when.allSatisfy({ $0.matches(scope) }) else { continue }
        if found.prototype.id.renderIfPossible(scope) == row.id.rawValue { return scope }
      }
    }
    return nil
  }
}
