/// A view inside a border, with an optional title in the top edge.
///
/// ```swift
/// Box("Users") {
///   List(store.users, selection: store.selection, onSelect: { store.send(.select($0)) }) {
///     user, _ in Text(user.name)
///   }
/// }
/// ```
public struct Box: View, Element {
  private let title: String?
  private let color: Color
  private let content: ViewGroup

  /// Draws `content` inside a border of `color` titled `title`.
  public init(
    _ title: String? = nil, color: Color = .default, @ViewBuilder content: () -> ViewGroup
  ) {
    self.title = title
    self.color = color
    self.content = content()
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    let inner = content.measure(
      Size(width: proposal.width - 2, height: proposal.height - 2), context)
    // The corners, a space either side of the title and one stroke of the edge after it.
    let titleWidth = title.map { $0.terminalWidth + 5 } ?? 0
    return Size(
      width: min(proposal.width, max(inner.width + 2, titleWidth)),
      height: min(proposal.height, inner.height + 2))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    content.flex(axis, context)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let style = Style(foreground: color)
    let horizontal = String(repeating: "─", count: rect.width - 2)
    canvas.put("┌" + horizontal + "┐", column: rect.x, row: rect.y, style: style)
    canvas.put("└" + horizontal + "┘", column: rect.x, row: rect.maxY - 1, style: style)
    for row in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.put("│", column: rect.x, row: row, style: style)
      canvas.put("│", column: rect.maxX - 1, row: row, style: style)
    }
    if let title, rect.width > 4 {
      // A title too long for the edge ends in an ellipsis, and the corner stays; the space
      // after the title is the one to go when there is no room for it.
      let shown = TextWrapper.truncate(title, width: rect.width - 4)
      canvas.put(
        " " + shown + " ", column: rect.x + 1, row: rect.y,
        style: style.merged(with: .init(attributes: .bold)),
        within: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 3, height: 1))
    }
    canvas.draw(content, in: rect.inset(top: 1, leading: 1, bottom: 1, trailing: 1), id: "box")
  }
}
