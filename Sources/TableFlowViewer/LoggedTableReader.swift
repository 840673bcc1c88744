/// Reads a text snapshot log back into the table each of its steps shows: a screen's first
/// snapshot (or, in a `--full` log, every snapshot) is printed whole, later ones as stages of
/// changes applied to that screen's previous table, and `back to SCREEN` shows that screen's
/// table again. What it cannot read (a line it does not know inside a table, a stage that does
/// not fit) leaves that screen undrawn until its next whole snapshot; it never traps.
///
/// A stage does not print a section's collapsed state (UIKit has no operation for it, only the
/// deletes and inserts of its rows), so a read section keeps the state its last whole snapshot
/// printed.
struct LoggedTableReader {
  /// Each screen's latest table, by name; `nil` once it could not be followed.
  private var screens: [String: LoggedTable?] = [:]

  /// The table each block of `VerifyReport.blocks(of:)` ends with, in order; `nil` for a
  /// block without a snapshot or one that could not be drawn.
  static func tables(of blocks: [(title: String, text: String)]) -> [LoggedTable?] {
    var reader = LoggedTableReader()
    return blocks.map { reader.read($0.text) }
  }

  /// What is being read inside one snapshot.
  private enum Mode {
    case none
    case whole(LoggedTable)
    case stages(LoggedTable?, LoggedTable.Stage?)
  }

  /// Reads one block; returns the table its snapshot line leads to.
  mutating func read(_ block: String) -> LoggedTable? {
    var screen: String?
    var mode = Mode.none
    var shown: LoggedTable?
    var arriving: (index: Int, reload: Bool)?
    func finish() {
      guard let name = screen else { return }
      switch mode {
      case .none: shown = screens[name] ?? nil
      case .whole(let table): shown = table
      case .stages(let table, let stage): shown = Self.applying(stage, to: table)
      }
      screens[name] = shown
      screen = nil
      mode = .none
    }
    for line in block.split(separator: "\n") {
      guard line.first == " " else {
        finish()
        if line.hasPrefix("back to ") {
          let name = Self.screenName(line.dropFirst("back to ".count))
          shown = name.flatMap { screens[$0] ?? nil }
        } else if VerifyReport.isSnapshotLine(line) {
          screen = Self.screenName(line)
        }
        continue
      }
      guard let name = screen else { continue }
      if line.hasPrefix("  section ") {
        var table: LoggedTable
        if case .whole(let current) = mode { table = current } else { table = LoggedTable(sections: []) }
        guard let section = Self.section(line.dropFirst("  section ".count)) else {
          mode = .stages(nil, nil)
          continue
        }
        table.sections.append(section)
        mode = .whole(table)
      } else if line.hasPrefix("    "), line.dropFirst(4).first?.isNumber == true,
        case .whole(var table) = mode
      {
        guard let row = Self.row(line.dropFirst(4)), !table.sections.isEmpty else {
          mode = .stages(nil, nil)
          continue
        }
        table.sections[table.sections.count - 1].rows.append(row)
        mode = .whole(table)
      } else if line.hasPrefix("  stage ") {
        let previous: LoggedTable?
        switch mode {
        case .none: previous = screens[name] ?? nil
        case .whole(let table): previous = table
        case .stages(let table, let stage): previous = Self.applying(stage, to: table)
        }
        mode = .stages(previous, previous == nil ? nil : LoggedTable.Stage())
        arriving = nil
      } else if case .stages(let table, var stage?) = mode {
        if line.hasPrefix("        "), let target = arriving, let row = Self.row(line.dropFirst(8)) {
          if target.reload {
            stage.sectionReloads[target.index]?.rows.append(row)
          } else {
            stage.sectionInserts[target.index]?.rows.append(row)
          }
          mode = .stages(table, stage)
        } else if let found = Self.operation(line.dropFirst(4), into: &stage) {
          arriving = found
          mode = .stages(table, stage)
        } else if Self.isOperation(line) {
          mode = .stages(nil, nil)  // an operation it cannot read: this screen is lost
        }
      }
    }
    finish()
    return shown
  }

  /// `table` after `stage`; `nil` when either is unknown or the stage does not fit.
  private static func applying(_ stage: LoggedTable.Stage?, to table: LoggedTable?) -> LoggedTable? {
    guard let table, let stage else { return nil }
    return table.applying(stage)
  }

  /// Whether an indented line is a stage operation (as opposed to a `--full` cell line).
  private static func isOperation(_ line: Substring) -> Bool {
    ["    - ", "    + ", "    > ", "    = ", "    * ", "    ! ", "    ~ ", "        "].contains {
      line.hasPrefix($0)
    }
  }

  /// `books` of `books v3: …`.
  static func screenName(_ line: Substring) -> String? {
    guard let colon = line.firstIndex(of: ":") ?? line.firstIndex(of: "("),
      let space = line[..<colon].trimmingSuffix().lastIndex(of: " ")
    else { return nil }
    return String(line[..<space])
  }
}

extension Substring {
  /// The text without its trailing spaces.
  fileprivate func trimmingSuffix() -> Substring {
    var text = self
    while text.last == " " { text = text.dropLast() }
    return text
  }
}
