import TableCore

extension TransformStateMachine {
  /// Builds the snapshot of the screen at `index` from its state: the feed's sections, then
  /// collapsed state, load-more rows (loading while their page is in flight), validation and
  /// the status row (loading, refreshing, error or empty).
  ///
  /// After an answer (`answer`), a build that fails takes the answer back: the screen returns
  /// to its state before it, with the error row offering to send the batch again. A page
  /// appended by a load-more that repeats rows already shown (the backend's list shifted
  /// under offset paging) has its repeats dropped, keeping the first, whatever the screen's
  /// policy (``DuplicateIDPolicy/reject`` included), until the next load or refresh.
  mutating func build(at index: Int, navigation: Navigation? = nil, answer: Answer? = nil) -> [Action] {
    var actions: [Action] = []
    let ref = stack[index].ref
    var content: [Section]
    var validated: TableSnapshot
    do {
      let sections = try stack[index].screen.sections()
      let screen = stack[index].screen
      screen.sweepRows()
      let decorated = Self.decorate(sections, of: &stack[index])
      let built: (snapshot: TableSnapshot, resolutions: [DuplicateResolution])
      do {
        // Validates only what changed since the snapshot shown (its status section included).
        built = try Self.validate(decorated, of: stack[index], policy: policy(at: index))
      } catch  where error.isDuplicateID && policy(at: index) == .reject && answer?.repeatsRows == true {
        // The page repeats what earlier pages showed: the list moved under the offsets.
        stack[index].dropsRepeatedRows = true
        do {
          built = try Self.validate(decorated, of: stack[index], policy: .keepFirst)
        } catch {
          throw PipelineFailure(
            .data, stage: .transform, "\(ref.name): invalid snapshot: \(error.description)")
        }
      } catch {
        throw PipelineFailure(.data, stage: .transform, "\(ref.name): invalid snapshot: \(error.description)")
      }
      validated = built.snapshot
      content = validated.sections
      stack[index].content = content
      stack[index].builtRowCount = sections.reduce(0) { $0 + $1.rows.count }
      if !built.resolutions.isEmpty {
        actions += reportDuplicates(built.resolutions, in: sections, at: index)
      }
    } catch {
      let failure =
        (error as? PipelineFailure)
        ?? PipelineFailure(.internal, stage: .transform, "\(ref.name): the transform threw: \(error)")
      actions.append(.fail(failure, screen: ref))
      if let answer {
        stack[index].screen = answer.before
        stack[index].retry = answer.retry
      }
      stack[index].screen.failure = failure
      stack[index].screen.isLoading = false
      // The previous content, with each load-more row saying what is in flight now (a page
      // that failed to show is no longer loading).
      content = Self.refreshingLoadMoreRows(of: stack[index].content, in: stack[index])
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

  /// What a build after an answer may fall back to.
  struct Answer {
    /// The screen as it was before the answer was applied.
    var before: any ErasedScreen
    /// What the error row's retry sends again if the build fails.
    var retry: Retry
    /// Whether the answer appended a page that may repeat rows shown before (a load-more).
    var repeatsRows: Bool
  }

  /// The duplicate policy the screen at `index` builds with now.
  private func policy(at index: Int) -> DuplicateIDPolicy {
    let policy = stack[index].screen.duplicateIDPolicy
    return policy == .reject && stack[index].dropsRepeatedRows ? .keepFirst : policy
  }

  private static func validate(
    _ sections: [Section], of entry: Entry, policy: DuplicateIDPolicy
  ) throws(SnapshotError) -> (snapshot: TableSnapshot, resolutions: [DuplicateResolution]) {
    var builder = SnapshotBuilder(policy: policy, hidingEmptySections: entry.screen.hidesEmptySections)
    for section in sections { builder.appendSection(section) }
    return try builder.buildReporting(updating: entry.snapshot)
  }

  /// `content` with each load-more row made again for the batches in flight now.
  private static func refreshingLoadMoreRows(of content: [Section], in entry: Entry) -> [Section] {
    content.map { section in
      guard let last = section.rows.last, last.kind == StatusRows.loadMoreKind else { return section }
      var rows = section.rows
      rows[rows.count - 1] = StatusRows.loadMoreRow(
        for: section.id, isLoading: entry.moreBatches[section.id] != nil)
      return Section(
        id: section.id, header: section.header, footer: section.footer, style: section.style,
        isCollapsed: section.isCollapsed, rows: rows)
    }
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
        last.feedRows.isSameStorage(as: section.rows)
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
