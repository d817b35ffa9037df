/// What a ``List`` does with a key or a mouse event, given the frame it was drawn in: which
/// items are shown (all, or the filter's matches), from which one, and where.
///
/// Positions count shown rows; the callbacks always get indices into the app's items, so a
/// filtered list reports the same index for an item as the unfiltered one.
@MainActor
struct ListInput {
  /// What the list keeps between frames, its filter among it.
  let kept: Kept
  /// Whether the list has a filter text, so that `/` filters it.
  let isFilterable: Bool
  /// The filter's matches as indices into the items; nil when no filter is shown.
  let shown: [Int]?
  let count: Int
  let selected: Int?
  /// Where the selected item is among the shown ones; nil when it is not shown.
  let position: Int?
  /// The first shown row drawn.
  let offset: Int
  /// Where the rows are drawn, without the filter line and the scrollbar.
  let rows: Rect
  /// The filter line, when there is one.
  let filterLine: Rect?
  /// The filter's matches for a query, best first, by rank (see ``ListFilter``).
  let matches: @MainActor (String) -> [[Int]]
  let onSelect: @MainActor (Int) -> Void
  let onActivate: (@MainActor (Int) -> Void)?
  /// What Enter does, as the help bar names it.
  let activateHelp: String
  /// Told each change of the query, when the app keeps it.
  let onFilterChange: (@MainActor (String?) -> Void)?

  private var filter: ListFilter? {
    get { kept.filter }
    nonmutating set {
      let before = kept.filter?.query
      kept.filter = newValue
      if newValue?.query != before { onFilterChange?(newValue?.query) }
    }
  }

  private var shownCount: Int { shown?.count ?? count }

  /// The help bar entries for the list in its current state.
  var help: [(key: String, text: String)] {
    var help = [(key: "↑↓", text: "Move")]
    if filter?.isTyping == true { return help + [("Enter", "Done"), ("Esc", "Clear")] }
    if onActivate != nil { help.append((key: "Enter", text: activateHelp)) }
    if isFilterable { help.append((key: "/", text: "Filter")) }
    if filter != nil { help.append((key: "Esc", text: "Clear")) }
    return help
  }

  /// Whether keys type into the filter line now.
  var takesText: Bool { filter?.isTyping == true }

  /// Whether ``handle(_:)`` would use `key`, asked without using it.
  func uses(_ key: Key) -> Bool {
    if isFilterable, let filter {
      if key == .escape { return true }
      if filter.isTyping {
        switch key {
        case .enter, .up, .down, .pageUp, .pageDown, .home, .end: return true
        default: return TextEditing.apply(key, text: filter.query, cursor: filter.cursor) != nil
        }
      }
    }
    if isFilterable, key == "/" { return true }
    if key == .enter { return onActivate != nil && position != nil }
    return SelectionKeys.target(for: key, current: position, count: shownCount, page: 1) != nil
  }

  /// Handles `key`; false lets enclosing bindings have it.
  func handle(_ key: Key) -> Bool {
    if let click = key.click { return self.click(click) }
    if let direction = key.scrollDirection { return move(direction < 0 ? .up : .down) }
    if case .mouse = key { return false }
    if isFilterable, let handled = filterKey(key) { return handled }
    if key == .enter {
      // A selected item the filter hides is not what the user sees to open.
      guard count > 0, let onActivate, let selected, position != nil else { return false }
      onActivate(selected)
      return true
    }
    return move(key)
  }

  private func move(_ key: Key) -> Bool {
    guard
      let target = SelectionKeys.target(
        for: key, current: position, count: shownCount, page: max(1, rows.height - 1))
    else { return false }
    let index = shown?[target] ?? target
    if index != selected { onSelect(index) }
    return true
  }

  /// A click on a row selects it, and on the selected row activates it, as a double click
  /// would elsewhere: terminals report no double clicks, and two clicks on one row read as one.
  private func click(_ mouse: Mouse) -> Bool {
    if let filterLine, filterLine.contains(column: mouse.column, row: mouse.row) {
      startTyping()
      return true
    }
    guard rows.contains(column: mouse.column, row: mouse.row) else {
      // The scrollbar is the list's own, so the click is used, but it does nothing.
      return mouse.row >= rows.y && mouse.row < rows.maxY
    }
    let position = offset + mouse.row - rows.y
    guard position < shownCount else { return true }
    let index = shown?[position] ?? position
    if index != selected {
      onSelect(index)
    } else if let onActivate {
      onActivate(index)
    }
    return true
  }

  /// The keys of the filter: nil when `key` is not one, so that it moves the selection or goes
  /// to the app's bindings.
  ///
  /// Esc clears the whole filter at once, typing or not, and leaves the selection where it
  /// is: one key brings back every item with the one found still selected. While no filter is
  /// shown Esc is not used, so an enclosing Back binding still gets it.
  private func filterKey(_ key: Key) -> Bool? {
    if key == .escape, filter != nil {
      self.filter = nil
      return true
    }
    guard var filter, filter.isTyping else {
      guard key == "/" else { return nil }
      startTyping()
      return true
    }
    switch key {
    case .enter:
      // An empty query filters nothing: stop filtering rather than keep an empty line.
      filter.isTyping = false
      self.filter = filter.query.isEmpty ? nil : filter
      return true
    case .up, .down, .pageUp, .pageDown, .home, .end:
      // Taken even with no match to move among, so that typing never sends them elsewhere.
      return shownCount == 0 ? true : nil
    default:
      break
    }
    guard let edit = TextEditing.apply(key, text: filter.query, cursor: filter.cursor) else {
      return nil
    }
    let changed = edit.text != filter.query
    (filter.query, filter.cursor) = (edit.text, edit.cursor)
    self.filter = filter
    if changed { selectFirstMatchUnlessSelectedMatches(filter.query) }
    return true
  }

  private func startTyping() {
    var filter = self.filter ?? ListFilter()
    filter.isTyping = true
    filter.cursor = filter.query.count
    self.filter = filter
  }

  /// With no match the selection stays: there is nothing to select instead, and the item comes
  /// back when the query does.
  private func selectFirstMatchUnlessSelectedMatches(_ query: String) {
    let ranked = self.matches(query)
    guard let best = ranked.first(where: { !$0.isEmpty }), let first = best.first else { return }
    // The selected item stays while it matches as well as any: typing on does not move it.
    if let selected, best.contains(selected) { return }
    onSelect(first)
  }

  /// What a list keeps between frames: its scroll offset and its filter, while one is shown.
  final class Kept: ScrollPosition {
    var filter: ListFilter?
  }
}
