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

  func draw(_ rect: Rect, _ context: RenderContext) {
    let focused = context.registerPressable(rect: rect, help: ("Enter", title), action: action)
    let style = context.style.merged(
      with: Style(attributes: focused ? [.reverse, .bold] : []))
    context.put(label, column: rect.x, row: rect.y, style: style, clip: rect)
  }
}
