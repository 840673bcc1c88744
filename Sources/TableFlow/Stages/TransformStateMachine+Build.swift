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
      var builder = SnapshotBuilder(
        policy: .reject, hidingEmptySections: stack[index].screen.hidesEmptySections)
      for section in decorate(sections, of: stack[index]) { builder.appendSection(section) }
      do {
        // Validates only what changed since the snapshot shown (its status section included).
        validated = try builder.build(updating: stack[index].snapshot)
        content = validated.sections
      } catch {
        throw PipelineFailure(.data, stage: .transform, "\(ref.name): invalid snapshot: \(error.description)")
      }
      stack[index].content = content
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

  /// Applies collapsed state and ends paginated sections with a load-more row.
  private func decorate(_ sections: [Section], of entry: Entry) -> [Section] {
    let screen = entry.screen
    var result: [Section] = []
    result.reserveCapacity(sections.count)
    for section in sections {
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
          isCollapsed: section.isCollapsed,
          rows: section.rows + [
            StatusRows.loadMoreRow(for: section.id, isLoading: entry.moreBatches[section.id] != nil)
          ]))
    }
    return result
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
