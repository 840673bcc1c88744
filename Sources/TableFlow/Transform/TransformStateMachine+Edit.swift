import TableCore

extension TransformStateMachine {
  /// The intent as published: an edit to a secure field is marked secret, so that logs show
  /// ``Intent/secureMask`` instead of its text.
  func logged(_ intent: Intent, at index: Int) -> Intent {
    guard case .edit(let rowID, let text, false) = intent, !text.isEmpty,
      let row = row(rowID, in: stack[index]),
      case .text(isSecure: true)? = stack[index].screen.field(row)
    else { return intent }
    return .edit(rowID, text: text, isSecret: true)
  }

  /// `edit ROW_ID TEXT`: the field takes the text and the screen is built again (the row is
  /// reconfigured with its new value).
  mutating func edit(_ rowID: RowID, text: String, at index: Int) -> [Action] {
    let entry = stack[index]
    guard let row = row(rowID, in: entry) else {
      return [.fail(unknown("row", rowID.rawValue, in: entry), screen: entry.ref)]
    }
    guard case .text? = entry.screen.field(row) else {
      return [.fail(notA("text field", rowID, in: entry), screen: entry.ref)]
    }
    stack[index].screen.setText(text, of: rowID)
    return build(at: index)
  }

  /// `toggle ROW_ID`: the switch flips and the screen is built again.
  mutating func toggle(_ rowID: RowID, at index: Int) -> [Action] {
    let entry = stack[index]
    guard let row = row(rowID, in: entry) else {
      return [.fail(unknown("row", rowID.rawValue, in: entry), screen: entry.ref)]
    }
    guard case .toggle(let isOn)? = entry.screen.field(row) else {
      return [.fail(notA("switch", rowID, in: entry), screen: entry.ref)]
    }
    stack[index].screen.setSwitch(!isOn, of: rowID)
    return build(at: index)
  }

  /// `action ROW_ID NAME`: routed by the row's kind and the action's name.
  mutating func action(_ name: String, in rowID: RowID, at index: Int, depth: Int) -> [Action] {
    let entry = stack[index]
    guard let row = row(rowID, in: entry) else {
      return [.fail(unknown("row", rowID.rawValue, in: entry), screen: entry.ref)]
    }
    guard let route = entry.screen.route(action: name, in: row) else {
      let reason =
        "row '\(TextEscaping.echoed(rowID.rawValue))' (\(row.kind.rawValue)) in screen \(entry.ref.name) "
        + "has no action '\(TextEscaping.echoed(name))'"
      return [.fail(PipelineFailure(.data, stage: .navigation, reason), screen: entry.ref)]
    }
    return follow(route, at: index, depth: depth, retry: Intent.action(rowID, name: name).description)
  }

  /// Makes an optimistic change: presented at once, then confirmed by `request` (taken back if
  /// it fails).
  mutating func change(
    _ change: ScreenChange, send request: ScreenRequest?, at index: Int, retry: String
  )
    -> [Action]
  {
    let previous = stack[index].screen.apply(change)
    var actions: [Action] = []
    if let request {
      actions.append(start([request], at: index, purpose: .change(change, previous: previous), retry: retry))
    }
    return actions + build(at: index)
  }

  /// The row with this id in the screen's current snapshot.
  func row(_ rowID: RowID, in entry: Entry) -> Row? {
    entry.snapshot.sections.lazy.flatMap(\.rows).first { $0.id == rowID }
  }

  private func notA(_ what: String, _ rowID: RowID, in entry: Entry) -> PipelineFailure {
    PipelineFailure(
      .data, stage: .navigation,
      "row '\(TextEscaping.echoed(rowID.rawValue))' in screen \(entry.ref.name) is not a \(what)")
  }
}

extension TransformStateMachine.Purpose {
  /// Whether the batch confirms an optimistic change (its answer's body is not decoded).
  var confirmsChange: Bool {
    if case .change = self { return true }
    return false
  }
}

/// The decoder of a request that confirms a change: the status was checked by the fetch stage,
/// and the body is not the screen's model, so there is nothing to decode.
struct StatusOnlyDecoder: PageDecoder {
  func decode(_ responses: [ReceivedResponse]) async -> Result<any DecodedPages, PipelineFailure> {
    .success(TypedPages<Int>(models: []))
  }
}
