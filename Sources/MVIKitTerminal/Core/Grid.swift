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
  public internal(set) var images: [ImagePlacement] = []

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
    var result = ""
    result.reserveCapacity(size.width)
    for column in 0..<size.width {
      if let character = cells[row * size.width + column].character { result.append(character) }
    }
    return result
  }

  /// Where `text` first appears, searching row by row; nil when it does not.
  public func position(of text: String) -> (column: Int, row: Int)? {
    let needle = Array(text)
    guard !needle.isEmpty else { return nil }
    for row in 0..<size.height {
      // Columns are not character offsets once wide characters appear, so keep both.
      var characters: [(column: Int, character: Character)] = []
      for column in 0..<size.width {
        if let character = cells[row * size.width + column].character {
          characters.append((column, character))
        }
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
  @discardableResult
  mutating func put(
    _ string: String, column: Int, row: Int, style: Style, clip: Rect
  ) -> Int {
    let area = clip.intersection(bounds)
    guard row >= area.y, row < area.maxY else { return string.terminalWidth }
    var x = column
    for character in string {
      let width = character.terminalWidth
      if width == 0 { continue }
      if x >= area.maxX { break }
      if x >= area.x {
        if width == 2 && x + 1 >= area.maxX {
          cells[row * size.width + x] = Cell(" ", style: style)
        } else {
          cells[row * size.width + x] = Cell(character, style: style)
          if width == 2 { cells[row * size.width + x + 1] = .continuation(style) }
        }
      }
      x += width
    }
    return x - column
  }

  /// Fills `rect` (clipped to the grid) with `cell`.
  mutating func fill(_ rect: Rect, with cell: Cell) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX { cells[row * size.width + column] = cell }
    }
  }

  /// Changes the style of every cell in `rect` (clipped to the grid).
  mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
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
