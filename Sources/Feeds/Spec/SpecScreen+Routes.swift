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
  /// whose prototype gives the row's id (looked for in the prototype's section, then in the
  /// other sections with a prototype of the same kind and id, where a move may have taken it).
  /// - Complexity: O(records of the sections searched) for a record's row.
  func scope(
    ofRow row: Row, found: (prototype: SpecPrototype, section: SpecSectionDefinition),
    state: ScreenState<SpecDocument>
  ) -> SpecScope? {
    record(ofRow: row, found: found, state: state).map(\.scope)
  }

  /// The scope of `row`'s record and the source whose records hold it; the screen's scope
  /// and `nil` for a row of a fixed section.
  func record(
    ofRow row: Row, found: (prototype: SpecPrototype, section: SpecSectionDefinition),
    state: ScreenState<SpecDocument>
  ) -> (scope: SpecScope, source: SpecRecordsSource?)? {
    guard case .records(let own) = found.section.content,
      own.prototypes.contains(where: { $0.index == found.prototype.index })
    else { return (scope, nil) }
    var sources = [own]
    for section in definition.sections {
      guard case .records(let other) = section.content,
        other.request != own.request || other.pointer != own.pointer
      else { continue }
      if other.prototypes.contains(where: { $0.kind == found.prototype.kind && $0.id == found.prototype.id })
      {
        sources.append(other)
      }
    }
    for source in sources {
      guard
        let prototype = source.prototypes.first(where: {
          $0.kind == found.prototype.kind && $0.id == found.prototype.id
        })
      else { continue }
      let request = definition.requests[source.request]
      for (pageIndex, page) in state.pages(in: request.name).enumerated() {
        for record in page.records[source.pointer] ?? [] {
          var scope = scope
          scope.item = record.value
          scope.itemSteps = record.steps
          scope.position = (pageIndex, record.index)
          guard prototype.when.allSatisfy({ $0.matches(scope) }) else { continue }
          if prototype.id.renderIfPossible(scope) == row.id.rawValue { return (scope, source) }
        }
      }
    }
    return nil
  }

  /// The action `name` of a row whose prototype takes it: its request, filled from the row's
  /// record, and its change (`move`, `set`) made at once and taken back if the request fails.
  /// `nil` (a data failure) for a row without that action, or whose request cannot be filled.
  public func route(action name: String, in row: Row, state: ScreenState<SpecDocument>) -> Route? {
    guard let model = row.model.as(SpecCellModel.self), let found = prototype(model.prototype),
      found.prototype.actions.contains(name), let action = definition.actions[name],
      let (scope, source) = record(ofRow: row, found: found, state: state),
      let request = request(action.request, slot: "action:\(name)", scope: scope)
    else { return nil }
    let identity = source.flatMap { self.identity(in: scope, source: $0) }
    switch action.change {
    case .none: return .send(request)
    case .move(let target):
      guard let identity, let to = target.renderIfPossible(scope) else { return nil }
      return .change(ScreenChange(key: SpecChanges.moveKey(identity: identity), value: to), send: request)
    case .set(let members):
      guard let identity else { return nil }
      return .change(
        ScreenChange(key: SpecChanges.setKey(members: members.map(\.key), identity: identity), value: name),
        send: request)
    }
  }
}
