/// A line across a vertical stack, or down a horizontal one.
public struct Divider: View, Element {
  private let color: Color

  /// Creates a divider drawn in `color`.
  public init(color: Color = .gray) {
    self.color = color
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    context.axis == .horizontal
      ? Size(width: min(1, proposal.width), height: proposal.height)
      : Size(width: proposal.width, height: min(1, proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    Flex(horizontal: axis != .horizontal, vertical: axis == .horizontal)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let style = Style(foreground: color)
    if canvas.axis == .horizontal {
      for row in rect.y..<rect.maxY {
        canvas.put("│", column: rect.x, row: row, style: style)
      }
    } else {
      canvas.put(
        String(repeating: "─", count: rect.width), column: rect.x, row: rect.y, style: style)
    }
  }
}
