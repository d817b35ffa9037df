/// A modal dialog: a title, a message and buttons, centred over the screen.
///
/// While it shows, only its buttons take keys: Tab moves between them, Enter or Space presses
/// one, Esc dismisses. Any button, and Esc, call `onDismiss` after their own action; put
/// the alert in your state and clear it there.
///
/// ```swift
/// content.alert(store.error.map { message in
///   Alert(title: "Login failed", message: message) { store.send(.errorDismissed) }
/// })
/// ```
public struct Alert {
  /// A button of an ``Alert``.
  public struct Button {
    /// The button label.
    public var title: String
    /// What the button does before the alert is dismissed.
    public var action: @MainActor () -> Void

    /// Creates a button labelled `title`.
    public init(_ title: String, action: @escaping @MainActor () -> Void = {}) {
      self.title = title
      self.action = action
    }
  }

  /// The bold first line.
  public var title: String
  /// The text under the title; it wraps, and `\n` starts a new line.
  public var message: String
  /// The buttons, left to right; an alert without buttons gets an OK button.
  public var buttons: [Button]
  /// Called when any button is pressed or Esc dismisses the alert.
  public var onDismiss: @MainActor () -> Void

  /// Creates an alert.
  public init(
    title: String, message: String = "", buttons: [Button] = [],
    onDismiss: @escaping @MainActor () -> Void
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons.isEmpty ? [Button("OK")] : buttons
    self.onDismiss = onDismiss
  }

  /// Draws the alert over the whole of `screen`, a canvas of the whole grid, and makes it
  /// modal.
  @MainActor
  func draw(on screen: Canvas) {
    screen.beginModal()
    let bounds = screen.bounds
    let labels = buttons.map { "[ " + $0.title + " ]" }
    let buttonsWidth = labels.reduce(0) { $0 + $1.terminalWidth + 1 }
    let textWidth = min(max(20, bounds.width - 6), 50)
    // A message taller than the screen keeps the rows the button needs, and says it was cut.
    let lines =
      message.isEmpty
      ? []
      : TextWrapper.fit(
        TextWrapper.wrapLines(message, width: textWidth), width: textWidth,
        height: bounds.height - 5)
    let contentWidth = max(
      title.terminalWidth, buttonsWidth, lines.reduce(0) { max($0, $1.terminalWidth) })
    let frame = bounds.centered(Size(width: contentWidth + 4, height: lines.count + 5))
    screen.fill(frame)
    let inner = frame.inset(top: 1, leading: 2, bottom: 1, trailing: 2)
    screen.draw(Box(title, color: .yellow) {}, in: frame, id: "alert")
    screen.put(lines: lines, in: inner.inset(top: 1))
    var column = inner.x
    for (index, button) in buttons.enumerated() {
      let rect = Rect(x: column, y: inner.maxY - 1, width: labels[index].terminalWidth, height: 1)
      let onDismiss = self.onDismiss
      let press = MVIKitTerminal.Button(button.title) {
        button.action()
        onDismiss()
      }
      screen.draw(press, in: rect, id: "alert" + String(index))
      column += rect.width + 1
    }
    screen.bind(KeyBinding([.escape], help: "Dismiss", action: onDismiss))
  }
}

/// A view that shows an ``Alert`` over itself; see ``View/alert(_:)``.
struct AlertView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let alert: Alert?

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.draw(content, in: rect)
    if let alert { canvas.overlay { alert.draw(on: $0) } }
  }
}

extension View {
  /// Shows `alert` over the whole screen while it is not nil.
  public func alert(_ alert: Alert?) -> some View {
    AlertView(content: resolve(self), alert: alert)
  }
}
