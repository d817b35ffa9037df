/// A rectangle of styled cells: one rendered frame.
///
/// Views draw into a grid; ``FrameRenderer`` turns grids into terminal bytes, and tests read
/// them back with ``text`` and ``style(column:row:)``.
public struct Grid: Hashable, Sendable {
  /// The size of the grid.
  public let size: Size
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Images drawn with real pixels over the cells, in ``GraphicsMode/kitty``.
  public package(set) var images: [ImagePlacement] = []
  /// The focused text field's cursor: the cell the next typed character goes to, nil when no
  /// text field has focus.
  ///
  /// Its column is the display width of the text before the cursor (see
  /// `String.terminalWidth`), not a count of characters, so after 漢字 it is 4 columns
  /// in. Tests read it to check where typing lands; a runtime can move the terminal's own
  /// cursor here so that an input method opens its candidate window at the insertion point.
  public package(set) var cursor: Position?

  /// A cell of a grid.
  public struct Position: Hashable, Sendable {
    /// The column, from 0 at the left.
    public var column: Int
    /// The row, from 0 at the top.
    public var row: Int

    /// Creates the position of the cell at `column`, `row`.
    public init(column: Int, row: Int) {
      self.column = column
      self.row = row
    }
  }

  /// Creates a grid of `size` filled with `cell`.
  public init(size: Size, filling cell: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: cell, count: size.width * size.height)
  }

  /// The whole grid as a rectangle at the origin.
  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  /// The cell at `column`, `row`; a blank cell outside the grid.
  public subscript(column: Int, row: Int) -> Cell {
    get {
      guard bounds.contains(column: column, row: row) else { return .blank }
      return cells[row * size.width + column]
    }
    set {
      guard bounds.contains(column: column, row: row) else { return }
      cells[row * size.width + column] = newValue
    }
  }

  /// The style of the cell at `column`, `row`.
  public func style(column: Int, row: Int) -> Style {
    self[column, row].style
  }

  /// Each row as a string, exactly as wide as the grid (wide characters count twice).
  public var text: [String] {
    (0..<size.height).map { line($0) }
  }

  /// Row `row` as a string.
  public func line(_ row: Int) -> String {
    guard row >= 0, row < size.height else { return "" }
    return String(cells[row * size.width..<(row + 1) * size.width].compactMap(\.character))
  }

  /// Where `text` first appears, searching row by row; nil when it does not.
  public func position(of text: String) -> (column: Int, row: Int)? {
    let needle = Array(text)
    guard !needle.isEmpty else { return nil }
    for row in 0..<size.height {
      // Columns are not character offsets once wide characters appear, so keep both.
      let characters = (0..<size.width).compactMap { column in
        cells[row * size.width + column].character.map { (column: column, character: $0) }
      }
      guard characters.count >= needle.count else { continue }
      for start in 0...(characters.count - needle.count)
      where (0..<needle.count).allSatisfy({ characters[start + $0].character == needle[$0] }) {
        return (characters[start].column, row)
      }
    }
    return nil
  }

  /// Whether any row contains `text`.
  public func contains(_ text: String) -> Bool {
    position(of: text) != nil
  }

  /// Writes `string` from `column`, `row` in `style`, clipped to `clip`; returns the columns used.
  ///
  /// A wide character takes its cell and a continuation cell after it. One cut by the clip's
  /// edge becomes a space in the half that shows: half a glyph cannot be drawn, and drawing it
  /// whole would spill over the neighbour (a box's border, the next column).
  @discardableResult
  package mutating func put(
    _ string: String, column: Int, row: Int, style: Style, clip: Rect
  ) -> Int {
    let area = clip.intersection(bounds)
    guard row >= area.y, row < area.maxY else { return string.terminalWidth }
    let start = row * size.width
    var x = column
    var written: Range<Int>?
    for character in string {
      let width = character.terminalWidth
      if width == 0 { continue }
      if x >= area.maxX { break }
      let end = x + width
      if end > area.x {
        if x < area.x || end > area.maxX {
          for cut in max(x, area.x)..<min(end, area.maxX) {
            cells[start + cut] = Cell(" ", style: style)
          }
        } else {
          cells[start + x] = Cell(character, style: style)
          if width == 2 { cells[start + x + 1] = .continuation(style) }
        }
        written = (written?.lowerBound ?? max(x, area.x))..<min(end, area.maxX)
      }
      x = end
    }
    if let written { repairWideCharacters(row: row, around: written) }
    return x - column
  }

  /// Writes `lines` one a row from the top of `rect` in `style`, clipped to it; `centered`
  /// centres each line, and the lines together, in `rect`.
  package mutating func put(
    lines: some Collection<String>, in rect: Rect, style: Style, centered: Bool = false
  ) {
    var row = rect.y + (centered ? max(0, (rect.height - lines.count) / 2) : 0)
    for line in lines {
      let column = rect.x + (centered ? max(0, (rect.width - line.terminalWidth) / 2) : 0)
      put(line, column: column, row: row, style: style, clip: rect)
      row += 1
    }
  }

  /// Fills `rect` (clipped to the grid) with `cell`.
  package mutating func fill(_ rect: Rect, with cell: Cell) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX { cells[row * size.width + column] = cell }
      repairWideCharacters(row: row, around: area.x..<area.maxX)
    }
  }

  /// After `columns` of `row` were overwritten, blanks the halves of wide characters they cut:
  /// a left half whose continuation was overwritten, a continuation whose left half was. Either
  /// would make the terminal's cursor and the renderer's count of columns disagree.
  private mutating func repairWideCharacters(row: Int, around columns: Range<Int>) {
    let start = row * size.width
    let before = columns.lowerBound - 1
    if before >= 0, cells[start + before].character?.terminalWidth == 2 {
      cells[start + before] = Cell(" ", style: cells[start + before].style)
    }
    let after = columns.upperBound
    if after < size.width, cells[start + after].isContinuation {
      cells[start + after] = Cell(" ", style: cells[start + after].style)
    }
  }

  /// Changes the style of every cell in `rect` (clipped to the grid).
  package mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX { change(&cells[row * size.width + column].style) }
    }
  }
}

extension Grid: CustomStringConvertible {
  /// The rows joined by newlines.
  public var description: String { text.joined(separator: "\n") }
}
