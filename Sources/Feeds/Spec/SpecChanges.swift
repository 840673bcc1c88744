import TableFlow

/// The changes a spec screen's actions made to its state (``ScreenState/changes``), read back
/// from their keys: a `move` is keyed `move␟IDENTITY` with the target section's id as its
/// value; a `set` is keyed `set␟MEMBERS␟IDENTITY` with the action's name as its value. A
/// record's identity is the id of the first row it makes.
struct SpecChanges {
  struct Move {
    var identity: String
    var target: String
  }

  /// The moves, in the order they were made.
  private(set) var moves: [Move] = []
  /// The actions whose `set` applies to a record, by identity, in the order they were made.
  private(set) var sets: [String: [String]] = [:]

  static let separator: Character = "\u{1F}"

  init(_ changes: [ScreenChange]) {
    for change in changes {
      let parts = change.key.split(separator: Self.separator, maxSplits: 2, omittingEmptySubsequences: false)
      switch (parts.first, parts.count) {
      case ("move"?, 2): moves.append(Move(identity: String(parts[1]), target: change.value))
      case ("set"?, 3): sets[String(parts[2]), default: []].append(change.value)
      default: continue
      }
    }
  }

  /// The key of a move of the record `identity`.
  static func moveKey(identity: String) -> String { "move\(separator)\(identity)" }

  /// The key of a change of the members `members` of the record `identity`: one per set of
  /// members, so that actions setting the same members replace each other.
  static func setKey(members: [String], identity: String) -> String {
    "set\(separator)\(members.sorted().joined(separator: ","))\(separator)\(identity)"
  }
}
