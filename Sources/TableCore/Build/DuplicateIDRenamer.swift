/// Renames duplicate identifiers with TableFlow's one disambiguation scheme: the first `id`
/// keeps its name, later ones become `id#2`, `id#3`, … (skipping names already taken).
///
/// One counter per base id remembers where the last search for that base stopped, so each
/// candidate name is tried at most once over the renamer's lifetime: renaming n duplicates
/// of one id costs O(n) in all, not O(n²).
///
/// ```swift
/// var renamer = DuplicateIDRenamer<RowTag>()
/// var taken: Set<RowID> = ["a", "a#2"]
/// let id = renamer.unusedVariant(of: "a") { taken.contains($0) }  // "a#3"
/// taken.insert(id)
/// ```
public struct DuplicateIDRenamer<Tag: IdentifierTag>: Sendable {
  /// The next suffix to try per base id.
  private var nextSuffix: [TaggedIdentifier<Tag>: Int] = [:]
  /// How many candidate names have been tried so far: the renamer's work, which stays within
  /// the number of renames plus the number of names that were already taken.
  public private(set) var probes = 0

  /// Creates a renamer with no history.
  public init() {}

  /// The first `id#k` (k ≥ 2) for which `isTaken` is false. The caller marks it taken before
  /// asking again.
  ///
  /// - Complexity: amortised O(1) per call: each suffix of a base id is tried at most once.
  public mutating func unusedVariant(
    of id: TaggedIdentifier<Tag>, isTaken: (TaggedIdentifier<Tag>) -> Bool
  ) -> TaggedIdentifier<Tag> {
    var suffix = nextSuffix[id] ?? 2
    while true {
      probes += 1
      let candidate = TaggedIdentifier<Tag>("\(id.rawValue)#\(suffix)")
      suffix += 1
      if !isTaken(candidate) {
        nextSuffix[id] = suffix
        return candidate
      }
    }
  }
}
