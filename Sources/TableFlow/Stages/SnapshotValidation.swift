import TableCore

/// Checks a transform's output before it becomes a snapshot.
enum SnapshotValidation {
  /// Throws a `data` failure naming both positions of the first duplicate section or row id.
  static func checkUniqueIDs(_ sections: [Section], screen: String) throws(PipelineFailure) {
    var sectionIndexes: [SectionID: Int] = [:]
    var rowPositions: [RowID: RowPosition] = [:]
    for (sectionIndex, section) in sections.enumerated() {
      if let first = sectionIndexes.updateValue(sectionIndex, forKey: section.id) {
        throw PipelineFailure(
          .data, stage: .transform,
          "\(screen): duplicate section id '\(section.id.rawValue)' at sections \(first) and \(sectionIndex)")
      }
      for (rowIndex, row) in section.rows.enumerated() {
        let position = RowPosition(section: sectionIndex, row: rowIndex)
        if let first = rowPositions.updateValue(position, forKey: row.id) {
          throw PipelineFailure(
            .data, stage: .transform,
            "\(screen): duplicate row id '\(row.id.rawValue)' at \(first) and \(position)")
        }
      }
    }
  }
}
