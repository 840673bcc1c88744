import TableCore

/// Where a book stands on a user's shelf: the three sections of the book list.
public enum BookStatus: String, CaseIterable, Hashable, Sendable {
  /// 想读: wants to read.
  case wish
  /// 在读: is reading.
  case reading
  /// 读过: has read.
  case read

  /// The section header: 想读, 在读 or 读过.
  public var title: String {
    switch self {
    case .wish: return "想读"
    case .reading: return "在读"
    case .read: return "读过"
    }
  }

  /// The section's id, which is also the `status` query value.
  public var sectionID: SectionID { SectionID(rawValue) }

  /// The status whose section has this id.
  public init?(sectionID: SectionID) {
    self.init(rawValue: sectionID.rawValue)
  }

  /// Where this status's section goes among sections with the ids `existing` (in order), when
  /// it has none yet: before the first section of a later status (or one of no status), so the
  /// three keep their order.
  func insertionIndex(among existing: [SectionID]) -> Int {
    let order = Self.allCases.firstIndex(of: self) ?? 0
    return existing.firstIndex { id in
      BookStatus(sectionID: id).flatMap { Self.allCases.firstIndex(of: $0) }.map { $0 > order } ?? true
    } ?? existing.count
  }
}
