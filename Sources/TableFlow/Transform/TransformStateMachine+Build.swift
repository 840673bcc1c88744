import TableCore

extension TransformStateMachine {
  /// Builds the snapshot of the screen at `index` from its state: the feed's sections, then
  /// collapsed state, load-more rows (loading while their page is in flight), validation and
  /// the status row (loading, refreshing, error or empty).
  mutating func build(at index: Int, navigation: Navigation? = nil) -> [Action] {
    var actions: [Action] = []
    let ref = stack[index].ref
    var content: [Section]
    var validated: TableSnapshot
    do {
      let sections = try stack[index].screen.sections()
      let screen = stack[index].screen
      screen.sweepRows()
      var builder = SnapshotBuilder(
        policy: screen.duplicateIDPolicy, hidingEmptySections: screen.hidesEmptySections)
      for section in Self.decorate(sections, of: &stack[index]) { builder.appendSection(section) }
      let built: (snapshot: TableSnapshot, resolutions: [DuplicateResolution])
      do {
        // Validates only what changed since the snapshot shown (its status section included).
        built = try builder.buildReporting(updating: stack[index].snapshot)
      } catch {
        throw PipelineFailure(.data, stage: .transform, "\(ref.name): invalid snapshot: \(error.description)")
      }
      validated = built.snapshot
      content = validated.sections
      stack[index].content = content
      if !built.resolutions.isEmpty {
        actions += reportDuplicates(built.resolutions, in: sections, at: index)
      }
    } catch {
      let failure =
        (error as? PipelineFailure)
        ?? PipelineFailure(.internal, stage: .transform, "\(ref.name): the transform threw: \(error)")
      actions.append(.fail(failure, screen: ref))
      stack[index].screen.failure = failure
      stack[index].screen.isLoading = false
      content = stack[index].content
      validated = TableSnapshot(uncheckedSections: content)
    }
    let snapshot = validated.appendingSections(statusSection(for: stack[index], content: content))
    let changeset = snapshot.difference(from: stack[index].snapshot)
    stack[index].snapshot = snapshot
    stack[index].hasBuilt = true
    actions.append(
      .build(BuiltSnapshot(screen: ref, snapshot: snapshot, changeset: changeset, navigation: navigation)))
    return actions
  }

  /// The report of the duplicates a build dropped or renamed that were not reported before,
  /// each with its origin as the screen tells it.
  private mutating func reportDuplicates(
    _ resolutions: [DuplicateResolution], in sections: [Section], at index: Int
  ) -> [Action] {
    let screen = stack[index].screen
    let positions = resolutions.compactMap(\.rowPosition)
    let origins = positions.isEmpty ? [] : screen.origins(ofRowsAt: positions, in: sections)
    var originIndex = 0
    var fresh: [DuplicateReport] = []
    for resolution in resolutions {
      var origin: String?
      if resolution.rowPosition != nil {
        origin = originIndex < origins.count ? origins[originIndex] : nil
        originIndex += 1
      }
      let report = DuplicateReport(resolution: resolution, origin: origin)
      if stack[index].duplicates.insert(report.line).inserted { fresh.append(report) }
    }
    return fresh.isEmpty ? [] : [.reportDuplicates(fresh, screen: stack[index].ref)]
  }

  /// Applies collapsed state and ends paginated sections with a load-more row. A paginated
  /// section whose feed rows are the last build's array, with the same load-more row, gets
  /// the last build's rows again (the same array: nothing to copy, validate or diff).
  private static func decorate(_ sections: [Section], of entry: inout Entry) -> [Section] {
    let screen = entry.screen
    var result: [Section] = []
    result.reserveCapacity(sections.count)
    var loadMoreRows: [SectionID: LoadMoreRows] = [:]
    defer { entry.loadMoreRows = loadMoreRows }
    for section in sections {
      // A section with nothing to show stays hidden even when collapsed (seed D); it stays in
      // the list, not collapsed, so that the builder hides it and positions keep their meaning.
      if screen.hidesEmptySections && section.rows.isEmpty {
        result.append(
          Section(
            id: section.id, header: section.header, footer: section.footer, style: section.style, rows: []))
        continue
      }
      if screen.collapsedSections.contains(section.id) {
        result.append(
          Section(
            id: section.id, header: section.header, footer: section.footer, style: section.style,
            isCollapsed: true, rows: []))
        continue
      }
      guard screen.nextPage(of: section.id) != nil else {
        result.append(section)
        continue
      }
      let isLoading = entry.moreBatches[section.id] != nil
      var rows: [Row]
      if let last = entry.loadMoreRows[section.id], last.isLoading == isLoading,
        Self.isSameArray(last.feedRows, section.rows)
      {
        rows = last.rows
      } else {
        rows = section.rows
        rows.append(StatusRows.loadMoreRow(for: section.id, isLoading: isLoading))
      }
      loadMoreRows[section.id] = LoadMoreRows(feedRows: section.rows, isLoading: isLoading, rows: rows)
      result.append(
        Section(
          id: section.id, header: section.header, footer: section.footer, style: section.style,
          isCollapsed: section.isCollapsed, rows: rows))
    }
    return result
  }

  /// Whether both arrays are one storage.
  private static func isSameArray(_ lhs: [Row], _ rhs: [Row]) -> Bool {
    lhs.withUnsafeBufferPointer { lhs in
      rhs.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count }
    }
  }

  private func statusSection(for entry: Entry, content: [Section]) -> [Section] {
    let row: Row
    if entry.screen.isLoading {
      row = StatusRows.loadingRow()
    } else if entry.loadBatch != nil {
      row = StatusRows.refreshingRow()
    } else if let failure = entry.screen.failure {
      row = StatusRows.errorRow(failure, retry: entry.retry?.intent)
    } else if content.allSatisfy({ $0.rows.isEmpty && !$0.isCollapsed }) {
      row = StatusRows.emptyRow()
    } else {
      return []
    }
    return [Section(id: StatusRows.sectionID, style: .static, rows: [row])]
  }
}
