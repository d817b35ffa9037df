/// A multi-line text input: notes, a message, a description.
///
/// The text lives in your state, as with ``TextField``: the area shows `text` and reports each
/// edit to `onChange`, which sends an intent. The cursor, the scroll position and the column
/// ↑/↓ aim for are kept by the runtime.
///
/// ```swift
/// TextArea("Notes", text: store.notes) { store.send(.notesChanged($0)) }
/// ```
///
/// Long lines wrap at spaces to the width, by display width, so 漢 takes two columns and is
/// never split across the edge. The area takes all the space it is offered and scrolls to keep
/// the cursor in view, with a scrollbar in its last column when the text is taller than it.
///
/// Keys:
/// - Characters and paste insert (pasted line breaks are kept; tabs become spaces); Enter
///   starts a new line.
/// - Backspace, Delete and ^D delete a character, joining lines at a line break.
/// - ←/→ (^B/^F) move by character, across line breaks; ↑/↓ move by row on screen, keeping
///   the column across shorter rows; PgUp/PgDn move by a page of rows.
/// - Home/End and ^A/^E go to the start and end of the line between line breaks, not of the
///   wrapped row, like ^K and ^U, which delete to the end of that line (or its line break when
///   at the end) and to its start. ^W deletes the word before the cursor.
/// - A click puts the cursor on the character under the pointer; the wheel moves it three rows.
///
/// Tab, Shift-Tab and Esc are left to the app, so Tab still moves the focus on.
public struct TextArea: View, FillingElement {
  private let placeholder: String
  private let text: String
  private let onChange: @MainActor (String) -> Void

  /// Creates an area showing `text`, or `placeholder`, dimmed, when it is empty.
  public init(
    _ placeholder: String, text: String, onChange: @escaping @MainActor (String) -> Void
  ) {
    self.placeholder = placeholder
    self.text = text
    self.onChange = onChange
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard !rect.isEmpty else { return }
    let kept = canvas.kept(Kept.init)
    var layout = TextAreaEditing.Layout(text: text, width: rect.width)
    let hasScrollbar = layout.rows.count > rect.height && rect.width > 1
    if hasScrollbar { layout = TextAreaEditing.Layout(text: text, width: rect.width - 1) }
    let cursor = min(kept.cursor ?? layout.characters.count, layout.characters.count)
    let location = layout.location(of: cursor)
    let offset = SelectionKeys.scrollOffset(
      selected: location.row, count: layout.rows.count, height: rect.height, position: kept)
    let (text, onChange) = (self.text, self.onChange)
    let page = max(1, rect.height - 1)
    let uses: @MainActor (Key) -> Bool = { key in
      TextAreaEditing.apply(
        key, layout: layout, cursor: cursor, preferredColumn: nil, page: page) != nil
    }
    let focused = canvas.focus(help: [("Type", "Edit")], takesText: true, uses: uses) { key in
      if case .mouse(let mouse) = key {
        // Screen cells, so only events over the area count, and they count from its corner.
        guard rect.contains(column: mouse.column, row: mouse.row) else { return false }
        if key.click != nil {
          kept.cursor = layout.index(
            row: mouse.row - rect.y + offset, column: mouse.column - rect.x)
          kept.preferredColumn = nil
          return true
        }
        guard key.scrollDirection != nil else { return false }
      }
      guard
        let result = TextAreaEditing.apply(
          key, layout: layout, cursor: cursor, preferredColumn: kept.preferredColumn,
          page: page)
      else { return false }
      kept.cursor = result.cursor
      kept.preferredColumn = result.preferredColumn
      if result.text != text { onChange(result.text) }
      return true
    }
    canvas.fill(rect)
    let width = layout.width
    if layout.characters.isEmpty {
      canvas.put(
        placeholder, column: rect.x, row: rect.y, style: Style(attributes: .dim),
        within: Rect(x: rect.x, y: rect.y, width: width, height: 1))
    }
    for (index, row) in layout.rows.dropFirst(offset).prefix(rect.height).enumerated() {
      let line = String(layout.characters[row.start..<row.end])
      let lineRect = Rect(x: rect.x, y: rect.y + index, width: width, height: 1)
      canvas.put(line, column: rect.x, row: lineRect.y, within: lineRect)
    }
    if hasScrollbar {
      SelectionKeys.drawScrollbar(rect, offset: offset, count: layout.rows.count, canvas: canvas)
    }
    guard focused else { return }
    // The cursor reverses the whole of a wide character. The only cells past the last column
    // are a wide character's in a single column.
    let isCharacter = cursor < layout.characters.count && !layout.characters[cursor].isNewline
    canvas.showTextCursor(
      column: rect.x + min(location.column, width - 1), row: rect.y + location.row - offset,
      width: isCharacter ? layout.widths[cursor] : 1, maxX: rect.x + width)
  }

  /// What a text area keeps between frames: its scroll offset, its cursor, and the display
  /// column ↑/↓ aim for, kept across shorter lines until a horizontal move or an edit.
  final class Kept: ScrollPosition {
    var cursor: Int?
    var preferredColumn: Int?
  }
}
