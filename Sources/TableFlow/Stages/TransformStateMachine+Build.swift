import TableCore

extension TransformStateMachine {
  /// Builds the snapshot of the screen at `index` from its state: the feed's sections, then
  /// collapsed state, load-more rows, validation and the status row.
  mutating func build(at index: Int, navigation: Navigation? = nil) -> [Action] {
    var actions: [Action] = []
    let ref = stack[index].ref
    var content: [Section]
    do {
      let sections = try stack[index].screen.sections()
      let screen = stack[index].screen
      var builder = SnapshotBuilder(
        policy: screen.duplicateIDPolicy, hidingEmptySections: screen.hidesEmptySections)
      for section in decorate(sections, of: screen) { builder.appendSection(section) }
      let built: (snapshot: TableSnapshot, resolutions: [DuplicateResolution])
      do {
        built = try builder.buildReporting()
      } catch {
        throw PipelineFailure(.data, stage: .transform, "\(ref.name): invalid snapshot: \(error.description)")
      }
      content = built.snapshot.sections
      stack[index].content = content
      let rowResolutions = built.resolutions.filter { $0.rowPosition != nil }
      let origins =
        rowResolutions.isEmpty
        ? [] : screen.origins(ofRowsAt: rowResolutions.compactMap(\.rowPosition), in: sections)
      var originIndex = 0
      let reports = built.resolutions.map { resolution in
        guard resolution.rowPosition != nil else {
          return DuplicateReport(resolution: resolution, origin: nil)
        }
        defer { originIndex += 1 }
        let origin = originIndex < origins.count ? origins[originIndex] : nil
        return DuplicateReport(resolution: resolution, origin: origin)
      }
      let fresh = reports.filter { stack[index].duplicates.insert($0).inserted }
      if !fresh.isEmpty { actions.append(.reportDuplicates(fresh, screen: ref)) }
    } catch {
      let failure =
        (error as? PipelineFailure)
        ?? PipelineFailure(.internal, stage: .transform, "\(ref.name): the transform threw: \(error)")
      actions.append(.fail(failure, screen: ref))
      stack[index].screen.failure = failure
      stack[index].screen.isLoading = false
      content = stack[index].content
    }
    content.append(contentsOf: statusSection(for: stack[index], content: content))
    let snapshot = TableSnapshot(uncheckedSections: content)
    let changeset = snapshot.difference(from: stack[index].snapshot)
    stack[index].snapshot = snapshot
    stack[index].hasBuilt = true
    actions.append(
      .build(BuiltSnapshot(screen: ref, snapshot: snapshot, changeset: changeset, navigation: navigation)))
    return actions
  }

  /// Applies collapsed state and ends paginated sections with a load-more row.
  private func decorate(_ sections: [Section], of screen: any ErasedScreen) -> [Section] {
    var result: [Section] = []
    result.reserveCapacity(sections.count)
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
      result.append(
        Section(
          id: section.id, header: section.header, footer: section.footer, style: section.style,
          isCollapsed: section.isCollapsed, rows: section.rows + [StatusRows.loadMoreRow(for: section.id)]))
    }
    return result
  }

  private func statusSection(for entry: Entry, content: [Section]) -> [Section] {
    let row: Row
    if entry.screen.isLoading {
      row = StatusRows.loadingRow()
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
