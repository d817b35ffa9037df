/// How a text area wraps its text and what its keys do, as pure functions of text, cursor and
/// width, so both can be tested without drawing.
enum TextAreaEditing {
  /// One row on screen: characters `start..<end` of the text, without the line break.
  struct Row: Equatable {
    var start: Int
    var end: Int
    /// Whether the row is the last of its line. A cursor at `end` sits on such a row; on a
    /// wrapped row the same index is the start of the next row, where typing would appear.
    var endsLine: Bool
  }

  /// The text wrapped to a width, with the way between character indices and screen cells.
  struct Layout {
    let characters: [Character]
    let widths: [Int]
    let width: Int
    private(set) var rows: [Row] = []

    /// Wraps `text` to `width` columns, by display width and at spaces where it can.
    init(text: String, width: Int) {
      characters = Array(text)
      // A line break is not drawn, so it takes no column.
      widths = characters.map { $0.isNewline ? 0 : $0.terminalWidth }
      self.width = max(1, width)
      var start = 0
      for index in characters.indices where characters[index].isNewline {
        wrapLine(start, index)
        start = index + 1
      }
      wrapLine(start, characters.count)
    }

    private mutating func wrapLine(_ start: Int, _ end: Int) {
      var rowStart = start
      var used = 0
      // The index after the last space in the row: where a word that does not fit can go.
      var afterSpace: Int?
      var index = start
      while index < end {
        let columns = widths[index]
        // A row takes at least one character, so a wide one in a single column still goes
        // somewhere (drawing clips it to a space).
        if used > 0, used + columns > width {
          let cut = afterSpace.flatMap { $0 > rowStart ? $0 : nil } ?? index
          rows.append(Row(start: rowStart, end: cut, endsLine: false))
          rowStart = cut
          used = widths[cut..<index].reduce(0, +)
          afterSpace = nil
          continue
        }
        used += columns
        if characters[index] == " " { afterSpace = index + 1 }
        index += 1
      }
      // The cursor after the last character needs a cell of its own; when the row is full,
      // it goes on an empty row, always, so the rows do not change as the cursor moves.
      if used >= width {
        rows.append(Row(start: rowStart, end: end, endsLine: false))
        rowStart = end
      }
      rows.append(Row(start: rowStart, end: end, endsLine: true))
    }

    /// The row and display column of the cursor before character `index`.
    func location(of index: Int) -> (row: Int, column: Int) {
      let index = min(max(0, index), characters.count)
      let row =
        rows.firstIndex {
          $0.start <= index && (index < $0.end || (index == $0.end && $0.endsLine))
        } ?? rows.count - 1
      return (row, widths[rows[row].start..<index].reduce(0, +))
    }

    /// The character index at display `column` of `row`: the character covering the column,
    /// or the end of the row when the column is past it. Rows above the text give its start,
    /// rows below its end.
    func index(row: Int, column: Int) -> Int {
      guard row >= 0 else { return 0 }
      guard row < rows.count else { return characters.count }
      let line = rows[row]
      // The end of a wrapped row is the start of the next one, so stop before its last
      // character (usually the space it broke at).
      let limit = line.endsLine ? line.end : line.end - 1
      var index = line.start
      var used = 0
      while index < limit, used + widths[index] <= column {
        used += widths[index]
        index += 1
      }
      return index
    }
  }

  struct Result: Equatable {
    var text: String
    var cursor: Int
    /// The column ↑/↓ aim for, kept only by vertical moves.
    var preferredColumn: Int?
  }

  /// Rows the wheel moves the cursor by: a few, as one notch scrolls elsewhere.
  static let wheelRows = 3

  /// What `key` does to the text of `layout` with the cursor before character `cursor`; nil
  /// when the key is not one the text area handles.
  ///
  /// ↑/↓, PgUp/PgDn (`page` rows) and the wheel move by rows on screen and aim for
  /// `preferredColumn`, or the cursor's column when there is none, so a short line in between
  /// does not pull the cursor to the left for good. Home/End, ^A/^E, ^K and ^U work on the
  /// whole line between line breaks, as in a shell.
  static func apply(
    _ key: Key, layout: Layout, cursor: Int, preferredColumn: Int?, page: Int
  ) -> Result? {
    let cursor = min(max(0, cursor), layout.characters.count)
    switch key {
    case .up: return move(layout, cursor, preferredColumn, by: -1)
    case .down: return move(layout, cursor, preferredColumn, by: 1)
    case .pageUp: return move(layout, cursor, preferredColumn, by: -max(1, page))
    case .pageDown: return move(layout, cursor, preferredColumn, by: max(1, page))
    default:
      if let direction = key.scrollDirection {
        return move(layout, cursor, preferredColumn, by: direction * wheelRows)
      }
      let edit = TextEditing.edit(key, layout.characters, cursor: cursor, multiline: true)
      return edit.map { Result(text: $0.text, cursor: $0.cursor, preferredColumn: nil) }
    }
  }

  private static func move(_ layout: Layout, _ cursor: Int, _ preferred: Int?, by rows: Int)
    -> Result
  {
    let (row, column) = layout.location(of: cursor)
    let goal = preferred ?? column
    return Result(
      text: String(layout.characters), cursor: layout.index(row: row + rows, column: goal),
      preferredColumn: goal)
  }

  /// Pasted text as the area keeps it: every line break as `\n`, whatever system it came
  /// from, and tabs as spaces, since a tab's width depends on where it lands.
  static func normalized(_ pasted: String) -> [Character] {
    pasted.flatMap { character -> [Character] in
      if character == "\t" { return Array(repeating: " ", count: 4) }
      return character.isNewline ? ["\n"] : [character]
    }
  }
}
