/// One `performBatchUpdates` call being checked and applied by ``HeadlessTable``.
///
/// Construction checks the section operations and maps sections before the update to
/// sections after it; ``apply()`` checks the row operations and builds the sections after it.
struct BatchUpdate {
  /// What a stage does to a section or a row that exists before it.
  enum Action: UInt8 {
    case none, delete, reload, reconfigure, move

    var verb: String {
      switch self {
      case .none: return "keep"
      case .delete: return "delete"
      case .reload: return "reload"
      case .reconfigure: return "reconfigure"
      case .move: return "move"
      }
    }
  }

  let current: [Section]
  let stage: ChangesetStage
  let target: [Section]
  /// For each section before the update, what the stage does to it.
  var sectionActions: [Action]
  /// For each section after the update, the section before it that it continues (-1 when
  /// inserted).
  var sources: [Int]
  /// For each section after the update, whether it is read whole from the data source
  /// (inserted or reloaded).
  var isFresh: [Bool]
  /// For each section after the update, whether its header and footer are read from the data
  /// source (a section update).
  var hasNewTitles: [Bool]

  init(current: [Section], stage: ChangesetStage) throws(BatchUpdateError) {
    self.current = current
    self.stage = stage
    self.target = stage.snapshot.sections
    let before = current.count
    sectionActions = [Action](repeating: .none, count: before)
    for index in stage.sectionDeletes { try Self.mark(&sectionActions, index, .delete) }
    for index in stage.sectionReloads { try Self.mark(&sectionActions, index, .reload) }
    for move in stage.sectionMoves { try Self.mark(&sectionActions, move.from, .move) }
    let after = before - stage.sectionDeletes.count + stage.sectionInserts.count
    guard after == target.count else {
      throw BatchUpdateError(
        "invalid number of sections. The number of sections contained in the table view after "
          + "the update (\(target.count)) must be equal to the number of sections contained in "
          + "the table view before the update (\(before)), plus or minus the number of sections "
          + "inserted or deleted (\(stage.sectionInserts.count) inserted, "
          + "\(stage.sectionDeletes.count) deleted).")
    }
    let empty = -2
    sources = [Int](repeating: empty, count: after)
    isFresh = [Bool](repeating: false, count: after)
    for index in stage.sectionInserts {
      guard index >= 0 && index < after else {
        throw BatchUpdateError(
          "attempt to insert section \(index) but there are only \(after) sections after the "
            + "update")
      }
      guard sources[index] == empty else {
        throw BatchUpdateError("attempt to insert section \(index) twice")
      }
      sources[index] = -1
      isFresh[index] = true
    }
    for move in stage.sectionMoves {
      guard move.to >= 0 && move.to < after else {
        throw BatchUpdateError(
          "attempt to move section \(move.from) to section \(move.to) but there are only "
            + "\(after) sections after the update")
      }
      guard sources[move.to] == empty else {
        throw BatchUpdateError(
          "attempt to move section \(move.from) to section \(move.to), which the same update "
            + "also inserts or moves another section to")
      }
      sources[move.to] = move.from
    }
    var slot = 0
    for index in 0..<before where sectionActions[index] == .none || sectionActions[index] == .reload {
      while sources[slot] != empty { slot += 1 }
      sources[slot] = index
      isFresh[slot] = sectionActions[index] == .reload
    }
    hasNewTitles = [Bool](repeating: false, count: after)
    for index in stage.sectionUpdates {
      guard index >= 0 && index < after else {
        throw BatchUpdateError(
          "attempt to update section \(index) but there are only \(after) sections after the "
            + "update")
      }
      guard !isFresh[index] else {
        let how = sources[index] < 0 ? "inserts" : "reloads"
        throw BatchUpdateError(
          "attempt to update section \(index), which the same update \(how)")
      }
      guard !hasNewTitles[index] else {
        throw BatchUpdateError("attempt to update section \(index) twice")
      }
      hasNewTitles[index] = true
    }
  }

  private static func mark(
    _ actions: inout [Action], _ index: Int, _ action: Action
  )
    throws(BatchUpdateError)
  {
    guard index >= 0 && index < actions.count else {
      throw BatchUpdateError(
        "attempt to \(action.verb) section \(index), but there are only \(actions.count) "
          + "sections before the update")
    }
    guard actions[index] == .none else {
      throw BatchUpdateError(
        "attempt to \(action.verb) section \(index), which the same update also "
          + "\(actions[index].verb)s")
    }
    actions[index] = action
  }

  /// Checks the row operations and returns the sections after the update.
  ///
  /// Then UIKit's next layout pass: the table must hold the data source's ids, in order. A
  /// section read from the data source holds them by construction; the rows of the others
  /// are checked as they are placed (``RowOperations``), at the cost of what changed.
  func apply() throws(BatchUpdateError) -> [Section] {
    let rows = try RowOperations(update: self)
    var result: [Section] = []
    result.reserveCapacity(target.count)
    for index in target.indices {
      if isFresh[index] {
        result.append(target[index])
        continue
      }
      let continued = try rows.section(at: index, continuing: sources[index])
      guard continued.id == target[index].id else {
        throw BatchUpdateError(
          "section \(index) is \"\(continued.id)\" after the update but the data source has "
            + "\"\(target[index].id)\"")
      }
      result.append(
        hasNewTitles[index]
          ? Section(
            id: continued.id, header: target[index].header, footer: target[index].footer,
            style: continued.style, isCollapsed: continued.isCollapsed, rows: continued.rows)
          : continued)
    }
    return result
  }
}
