/// The keys that move a selection through rows, shared by the views that have one: ↑/↓ by
/// one, PgUp/PgDn by a page, Home/End to the ends.
enum SelectionKeys {
  /// The row `key` selects when `current` (nil: none) is selected among `count` rows shown
  /// `page` at a time, or nil when `key` does not move the selection.
  static func target(for key: Key, current: Int?, count: Int, page: Int) -> Int? {
    guard count > 0 else { return nil }
    let current = current ?? -1
    switch key {
    case .up: return max(0, current - 1)
    case .down: return min(count - 1, current + 1)
    case .pageUp: return max(0, current - page)
    case .pageDown: return min(count - 1, max(0, current) + page)
    case .home: return 0
    case .end: return count - 1
    default: return nil
    }
  }

  /// The row that `selection` names among `count` rows, clamped to them; nil when there are
  /// none, whatever the model's selection says, so that nothing opens a row that is not there.
  static func selected(_ selection: Int?, count: Int) -> Int? {
    count == 0 ? nil : selection.map { min(max(0, $0), count - 1) }
  }

  /// The first row to show so that `selected` is visible in `height` rows, starting from the
  /// offset shown last time, clamped to the rows there are; kept in `position`.
  @MainActor
  static func scrollOffset(
    selected: Int?, count: Int, height: Int, position: ScrollPosition
  ) -> Int {
    var offset = position.offset ?? 0
    if let selected {
      if selected < offset { offset = selected }
      if selected >= offset + height { offset = selected - height + 1 }
    }
    offset = min(max(0, offset), max(0, count - height))
    position.offset = offset
    return offset
  }

  /// A scrollbar in the last column of `rect` for `count` rows shown from `offset`.
  @MainActor
  static func drawScrollbar(_ rect: Rect, offset: Int, count: Int, canvas: Canvas) {
    let height = rect.height
    let thumb = max(1, height * height / max(1, count))
    let top = (height - thumb) * offset / max(1, count - height)
    for row in 0..<height {
      let symbol = row >= top && row < top + thumb ? "█" : "│"
      canvas.put(
        symbol, column: rect.maxX - 1, row: rect.y + row, style: Style(foreground: .gray),
        within: rect)
    }
  }
}
