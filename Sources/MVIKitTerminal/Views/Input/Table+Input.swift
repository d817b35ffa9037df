extension Table {
  /// Registers the table for focus; the handler takes the selection keys, Enter, the sort
  /// keys, and clicks and the wheel. Returns whether the table has the focus.
  func register(
    rect: Rect, selected: Int?, offset: Int, widths: [Int], _ canvas: Canvas
  ) -> Bool {
    let (count, onSelect, onActivate) = (rows.count, self.onSelect, self.onActivate)
    let page = max(1, rect.height - 2)
    var help = [(key: "↑↓", text: "Move")]
    if onActivate != nil { help.append((key: "Enter", text: "Open")) }
    if onSort != nil { help += [(key: "<>", text: "Sort by"), (key: "r", text: "Reverse")] }
    let sorts = onSort != nil && !columns.isEmpty
    let uses: @MainActor (Key) -> Bool = { key in
      if sorts, key == "<" || key == ">" || key == "r" { return true }
      if key == .enter { return onActivate != nil && selected != nil }
      return SelectionKeys.target(for: key, current: selected, count: count, page: page) != nil
    }
    return canvas.focus(help: help, uses: uses) { [self] key in
      if let mouse = key.click {
        click(mouse, rect: rect, selected: selected, offset: offset, widths: widths)
        return true
      }
      if sortKey(key) { return true }
      if key == .enter {
        guard let onActivate, let selected else { return false }
        onActivate(selected)
        return true
      }
      // The wheel moves the selection as ↑ and ↓ do.
      let moved = key.scrollDirection.map { $0 < 0 ? Key.up : Key.down } ?? key
      let target = SelectionKeys.target(for: moved, current: selected, count: count, page: page)
      guard let target else { return false }
      if target != selected { onSelect(target) }
      return true
    }
  }

  /// `<` and `>` sort by the previous or next column, `r` reverses; false for other keys.
  private func sortKey(_ key: Key) -> Bool {
    guard let onSort, !columns.isEmpty else { return false }
    let current = sort ?? Sort(column: -1)
    switch key {
    case .char("<"):
      onSort(Sort(column: max(0, current.column - 1), ascending: current.ascending))
    case .char(">"):
      onSort(Sort(column: min(columns.count - 1, current.column + 1), ascending: current.ascending))
    case .char("r"):
      onSort(Sort(column: max(0, current.column), ascending: !current.ascending))
    default:
      return false
    }
    return true
  }

  private func click(_ mouse: Mouse, rect: Rect, selected: Int?, offset: Int, widths: [Int]) {
    let row = mouse.row - rect.y
    guard row > 0 else {
      guard let onSort, let column = Self.column(at: mouse.column - rect.x, widths: widths)
      else { return }
      let ascending = sort?.column == column ? !(sort?.ascending ?? false) : true
      onSort(Sort(column: column, ascending: ascending))
      return
    }
    let index = offset + row - 1
    // The scrollbar's column is not a row.
    guard index < rows.count, mouse.column - rect.x < widths.reduce(columns.count - 1, +)
    else { return }
    if index == selected {
      onActivate?(index)
    } else {
      onSelect(index)
    }
  }

  /// The column under `x`, counted from the table's left edge; nil on a gap between columns.
  static func column(at x: Int, widths: [Int]) -> Int? {
    var start = 0
    for (index, width) in widths.enumerated() {
      if x >= start && x < start + width { return index }
      start += width + 1
    }
    return nil
  }
}
