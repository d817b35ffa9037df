/// A checkbox: `[x] Label`; Space or Enter flips it when focused, and so does a click.
///
/// ```swift
/// Toggle("Done", isOn: todo.isDone) { store.send(.setDone(todo.id, $0)) }
/// ```
public struct Toggle: View, Element {
  private let label: String
  private let isOn: Bool
  private let onChange: @MainActor (Bool) -> Void

  /// Creates a checkbox showing `isOn`; `onChange` receives the flipped value.
  public init(_ label: String, isOn: Bool, onChange: @escaping @MainActor (Bool) -> Void) {
    self.label = label
    self.isOn = isOn
    self.onChange = onChange
  }

  private var text: String { (isOn ? "[x] " : "[ ] ") + label }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: min(proposal.width, text.terminalWidth), height: min(1, proposal.height))
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let (isOn, onChange) = (self.isOn, self.onChange)
    let focused = canvas.press(help: ("Space", "Toggle")) { onChange(!isOn) }
    canvas.put(text, column: rect.x, row: rect.y, style: Style(attributes: focused ? .reverse : []))
  }
}

/// Another name for ``Toggle``.
public typealias Checkbox = Toggle
