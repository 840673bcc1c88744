// libFuzzer target for the spec loader (SpecFeed's checker and compiler) and the spec screens
// built from it: run.sh builds TableCore, FixtureKit and TableFlow as modules and compiles the
// files of Sources/Feeds/Spec and Sources/Feeds/Common with this one, so it reaches their
// internals.
import Foundation
import TableCore
import TableFlow

/// Loads one input as a spec. A refused spec must come with at least one issue, each a single
/// line naming a JSON path from `$`; a loaded one must build every screen (with no answers,
/// then with the input itself as every request's answer, then with its forms filled in and
/// its rows' actions taken) without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let spec: SpecDefinition
  do {
    spec = try SpecLoader.compile(bytes, file: "fuzz.tableflow.json")
  } catch {
    precondition(!error.issues.isEmpty, "a refused spec names no issue")
    for line in error.lines { precondition(!line.contains("\n"), "an issue of more than one line: \(line)") }
    for issue in error.issues {
      precondition(issue.path.hasPrefix("$"), "an issue path not from $: \(issue.path)")
    }
    return 0
  }
  for name in spec.screenOrder {
    guard let definition = spec.screens[name] else { continue }
    var params: [String: String] = [:]
    for parameter in definition.parameters { params[parameter.name] = parameter.defaultValue ?? "x" }
    let screen = SpecScreen(spec: spec, definition: definition, params: params)
    _ = screen.requests(for: .initial, state: ScreenState())
    _ = try? screen.sections(for: ScreenState())
    guard let answer = try? screen.decode(bytes) else { continue }
    var pages: [String: [SpecDocument]] = [:]
    for request in definition.requests { pages[request.name] = [answer, answer] }
    var state = ScreenState(pages: pages)
    guard let sections = try? screen.sections(for: state) else { continue }
    for section in sections {
      _ = screen.nextPage(of: section.id, state: state)
      for row in section.rows.prefix(8) { _ = screen.route(row, state: state) }
    }
    // Forms and actions: type into every text field, flip every switch, take every action a
    // row offers (its optimistic change kept, as the pipeline keeps it until the answer), then
    // build again and route every row once more (a submit reads the form as typed).
    let typed = String(decoding: bytes.prefix(32), as: UTF8.self)
    for row in sections.flatMap({ $0.rows.prefix(16) }) {
      switch screen.field(row, state: state) {
      case .text?: state.texts[row.id] = typed
      case .toggle(let isOn)?: state.switches[row.id] = !isOn
      case nil: break
      }
      for name in definition.actions.keys.sorted() {
        if case .change(let change, _)? = screen.route(action: name, in: row, state: state) {
          state.changes.append(change)
        }
      }
    }
    if let changed = try? screen.sections(for: state) {
      for section in changed {
        _ = screen.nextPage(of: section.id, state: state)
        for row in section.rows.prefix(8) { _ = screen.route(row, state: state) }
      }
    }
  }
  return 0
}
