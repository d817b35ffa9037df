/// A button that runs an action on Enter or Space when focused, or when clicked.
///
/// ```swift
/// Button("Log in") { store.send(.loginTapped) }
/// ```
public struct Button: View, Element {
  private let title: String
  private let action: @MainActor () -> Void

  /// Creates a button labelled `title`.
  public init(_ title: String, action: @escaping @MainActor () -> Void) {
    self.title = title
    self.action = action
  }

  private var label: String { "[ " + title + " ]" }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: min(proposal.width, label.terminalWidth), height: min(1, proposal.height))
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let focused = canvas.press(help: ("Enter", title), action: action)
    canvas.put(
      label, column: rect.x, row: rect.y,
      style: Style(attributes: focused ? [.reverse, .bold] : []))
  }
}
