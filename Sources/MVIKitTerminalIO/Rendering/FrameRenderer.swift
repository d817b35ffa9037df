/// Turns grids into the bytes that draw them on a terminal.
///
/// ``render(_:)`` redraws every cell. ``diff(from:to:)`` compares a frame with the one already
/// on screen and writes only the cells that changed: a cursor move to each changed run, a
/// style change only where the style differs, then the characters. Benchmarks call both to
/// compare byte counts and time.
///
/// Colours are written as ``colorMode`` allows: `38;2`/`48;2` for ``ColorMode/trueColor``,
/// `38;5`/`48;5` for ``ColorMode/palette256``, `30`–`37`, `90`–`97`, `40`–`47` and
/// `100`–`107` for ``ColorMode/palette16``, no colour for ``ColorMode/noColor``, and no
/// style sequence at all for ``ColorMode/plain``. Colours a mode lacks are approximated.
///
/// ```swift
/// let renderer = FrameRenderer(colorMode: .trueColor)
/// let full = renderer.render(before)
/// let update = renderer.diff(from: before, to: after)
/// ```
public struct FrameRenderer: Sendable {
  /// How colours are written.
  public var colorMode: ColorMode
  /// How images are sent; with ``GraphicsMode/kitty``, a full render also removes the images
  /// a clear of the screen leaves behind.
  public var graphics: GraphicsMode
  /// The screen row that the grid's first row is drawn on, for an inline viewport
  /// (``Viewport/inline(height:)``); nil for the whole screen. With a row, a full render clears
  /// only the grid's own rows, leaving the lines above it alone.
  public var viewportTop: Int?

  /// Creates a renderer for a terminal with `colorMode` and `graphics`.
  public init(colorMode: ColorMode = .trueColor, graphics: GraphicsMode = .halfBlocks) {
    self.colorMode = colorMode
    self.graphics = graphics
  }

  /// Bytes that clear the screen and draw every cell of `grid`.
  public func render(_ grid: Grid) -> [UInt8] {
    var writer = ByteWriter(capacity: grid.cells.count * 2 + 64)
    if colorMode != .plain { writer.escape("[0m") }
    if viewportTop == nil {
      writer.escape("[2J")
    } else {
      // Erased before any colour is set, so the rows clear to the terminal's own background.
      for row in 0..<grid.size.height {
        writer.move(column: 0, row: row + top)
        writer.escape("[2K")
      }
    }
    if graphics == .kitty { KittyGraphics.deleteAll(into: &writer) }
    var pen: Style?
    for row in 0..<grid.size.height {
      writer.move(column: 0, row: row + top)
      write(grid, row: row, columns: 0..<grid.size.width, pen: &pen, into: &writer)
    }
    for image in grid.images { KittyGraphics.place(image, into: &writer) }
    return writer.bytes
  }

  /// Bytes that turn the screen showing `old` into `new`, touching only changed cells.
  ///
  /// When there is no old frame, or its size differs (the terminal was resized), this is a
  /// full ``render(_:)``.
  public func diff(from old: Grid?, to new: Grid) -> [UInt8] {
    guard let old, old.size == new.size else { return render(new) }
    var writer = ByteWriter(capacity: 256)
    var pen: Style?
    var cursor: (column: Int, row: Int)?
    let width = new.size.width
    for row in 0..<new.size.height {
      let start = row * width
      var column = 0
      while column < width {
        guard old.cells[start + column] != new.cells[start + column] else {
          column += 1
          continue
        }
        var end = column + 1
        while end < width, old.cells[start + end] != new.cells[start + end] { end += 1 }
        // A wide character straddling the run's end must be rewritten whole.
        if end < width, new.cells[start + end].isContinuation { end += 1 }
        var first = column
        if new.cells[start + first].isContinuation, first > 0 { first -= 1 }
        if cursor.map({ $0.column != first || $0.row != row }) ?? true {
          writer.move(column: first, row: row + top)
        }
        let written = write(new, row: row, columns: first..<end, pen: &pen, into: &writer)
        cursor = (first + written, row)
        column = end
      }
    }
    if old.images != new.images {
      for image in old.images where !new.images.contains(image) {
        KittyGraphics.delete(image, into: &writer)
      }
      for image in new.images where !old.images.contains(image) {
        KittyGraphics.place(image, into: &writer)
      }
    }
    return writer.bytes
  }

  private var top: Int { viewportTop ?? 0 }

  @discardableResult
  private func write(
    _ grid: Grid, row: Int, columns: Range<Int>, pen: inout Style?, into writer: inout ByteWriter
  ) -> Int {
    var advanced = 0
    let start = row * grid.size.width
    // Neighbouring cells mostly share a style: resolve it for the mode once per run of them,
    // not per cell (a 16-colour match searches the palette).
    var lastStyle: Style?
    var style = Style.plain
    for column in columns {
      let cell = grid.cells[start + column]
      guard let character = cell.character else { continue }
      // Compare what the terminal will show, so cells whose colours come out the same in this
      // mode share one style sequence.
      if cell.style != lastStyle {
        lastStyle = cell.style
        style = colorMode.resolve(cell.style)
      }
      if pen != style {
        if colorMode != .plain { writer.style(style) }
        pen = style
      }
      writer.character(character)
      advanced += max(1, character.terminalWidth)
    }
    // Columns are counted from the run start, so a leading continuation cell still counts.
    return max(advanced, columns.count)
  }
}
