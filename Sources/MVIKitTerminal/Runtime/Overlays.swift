/// What is shown over the screen: toasts, newest last, and alerts, the first on top until it
/// is dismissed.
@MainActor
struct Overlays {
  struct Toast {
    let id: Int
    let text: String
  }

  private(set) var toasts: [Toast] = []
  private(set) var alerts: [Presentation] = []
  private var nextToastID = 0

  /// Shows `presentation`; returns a toast's id, to dismiss it later.
  mutating func present(_ presentation: Presentation) -> Int? {
    switch presentation {
    case .toast(let text):
      nextToastID += 1
      toasts.append(Toast(id: nextToastID, text: text))
      return nextToastID
    case .alert:
      alerts.append(presentation)
      return nil
    }
  }

  mutating func dismissToast(_ id: Int) {
    toasts.removeAll { $0.id == id }
  }

  mutating func dismissAllToasts() {
    toasts.removeAll()
  }

  /// Takes the alert on top away.
  mutating func dismissAlert() {
    if !alerts.isEmpty { alerts.removeFirst() }
  }

  /// Draws the toasts' lines at the bottom right of `screen`, a canvas of the whole grid, and
  /// the first alert, whose dismissal calls `dismissAlert`.
  func draw(
    on screen: Canvas, toastLines: [String], dismissAlert: @escaping @MainActor () -> Void
  ) {
    let bounds = screen.bounds
    for (offset, line) in toastLines.enumerated() {
      let width = min(bounds.width, line.terminalWidth)
      let row = bounds.maxY - toastLines.count + offset
      let rect = Rect(x: bounds.maxX - width, y: row, width: width, height: 1)
      screen.put(
        line, column: rect.x, row: rect.y,
        style: Style(foreground: .black, background: .cyan, attributes: .bold), within: rect)
    }
    guard case .alert(let title, let message) = alerts.first else { return }
    Alert(title: title, message: message, onDismiss: dismissAlert).draw(on: screen)
  }
}
