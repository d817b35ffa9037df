/// One line of editable text, scrolled sideways to keep its cursor in view and measured in
/// display columns: what a ``TextField`` and a ``List``'s filter line draw.
@MainActor
struct TextLine {
  let characters: [Character]
  let widths: [Int]
  let cursor: Int
  /// The first character shown.
  let start: Int

  /// `characters` with the cursor before character `cursor`, in a line `width` columns wide
  /// that showed from `previousStart` last frame.
  init(_ characters: [Character], cursor: Int, width: Int, previousStart: Int) {
    self.characters = characters
    widths = characters.map(\.terminalWidth)
    self.cursor = min(max(0, cursor), characters.count)
    start = Self.scrollStart(
      widths: widths, cursor: self.cursor, width: width, previous: previousStart)
  }

  /// Writes the characters from ``start`` into `rect` in `style`; with `showsCursor`, shows the
  /// cursor on its cell (columns, not characters: 漢字 puts it 4 columns in).
  func draw(in rect: Rect, style: Style, showsCursor: Bool, canvas: Canvas) {
    canvas.put(
      String(characters[start...]), column: rect.x, row: rect.y, style: style, within: rect)
    guard showsCursor, !rect.isEmpty else { return }
    canvas.showTextCursor(
      column: rect.x + widths[start..<cursor].reduce(0, +), row: rect.y,
      width: cursor < widths.count ? widths[cursor] : 1, maxX: rect.maxX)
  }

  /// The cursor for a click `column` columns into the line: on the character drawn there,
  /// either half of a wide one, or after the text when the click is past its end.
  func cursor(atColumn column: Int) -> Int {
    var left = 0
    for index in start..<widths.count {
      left += widths[index]
      if column < left { return index }
    }
    return widths.count
  }

  /// The first character to show, by the characters' display `widths`, so that the cell under
  /// the cursor is in view.
  ///
  /// The text scrolls only when the cursor would leave the field, so moving back does not jump
  /// the view; and when the text from `previous` on leaves room at the end (after deleting),
  /// earlier text comes back into that room.
  static func scrollStart(widths: [Int], cursor: Int, width: Int, previous: Int) -> Int {
    let cursorWidth = cursor < widths.count ? max(1, widths[cursor]) : 1
    var start = min(max(0, previous), cursor)
    var used = widths[start..<cursor].reduce(0, +)
    while start < cursor, used + cursorWidth > width {
      used -= widths[start]
      start += 1
    }
    // The column after the text, where the cursor goes at the end, always counts: were it only
    // counted with the cursor there, stepping back from the end would scroll the text.
    var total = widths[start...].reduce(0, +) + 1
    while start > 0, total + widths[start - 1] <= width {
      start -= 1
      total += widths[start]
    }
    return start
  }
}
