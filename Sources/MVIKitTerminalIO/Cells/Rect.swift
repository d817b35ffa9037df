/// A rectangle of terminal cells; `x` is the column and `y` the row of its top-left cell.
public struct Rect: Hashable, Sendable {
  /// The leftmost column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a rectangle; negative sizes become zero.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The size of the rectangle.
  public var size: Size { Size(width: width, height: height) }
  /// One past the rightmost column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// Whether the rectangle has no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at column `column`, row `row` lies inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < maxX && row >= y && row < maxY
  }

  /// The cells that lie in both rectangles.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(
      x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }

  /// The rectangle shrunk by `top`, `leading`, `bottom` and `trailing` cells.
  public func inset(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) -> Rect {
    Rect(
      x: x + leading, y: y + top, width: width - leading - trailing, height: height - top - bottom)
  }

  /// A rectangle of `size` centred in this one.
  public func centered(_ size: Size) -> Rect {
    let w = min(size.width, width)
    let h = min(size.height, height)
    return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
  }
}
