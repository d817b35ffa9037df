/// Renders a root view and routes keys through focus; the part of the runtime that needs no
/// terminal, shared by ``TerminalApp`` and ``HeadlessTerminal``.
@MainActor
final class TerminalSession {
  struct Toast {
    let id: Int
    let text: String
  }

  var size: Size
  var minimumSize: Size
  var animationFrame = 0
  /// How images are drawn.
  var graphics = GraphicsMode.halfBlocks
  /// The time-travel overlay, when the app was given a ``StateHistory``.
  var timeTravel: TimeTravelControl?
  var onQuit: (@MainActor () -> Void)?
  var onInterrupt: (@MainActor () -> Void)?
  /// Called for Ctrl-Z: the runtime gives the terminal back to the shell until `fg`.
  var onSuspend: (@MainActor () -> Void)?
  private(set) var focusedID: String?
  /// Views that lost focus because they disappeared (under an alert, on a screen pushed
  /// over): when one comes back, it gets focus back, so dismissing an alert returns the
  /// cursor to the field the user was in.
  private var lostFocus: [String] = []
  private(set) var toasts: [Toast] = []
  private(set) var alerts: [Presentation] = []
  private(set) var animates = false
  private var targets: [FocusTarget] = []
  private var bindings: [KeyBinding] = []
  private var nextToastID = 0
  private let quitKeys: [Key]
  private let content: @MainActor () -> ViewGroup
  private let interaction = InteractionState()

  init(
    size: Size, minimumSize: Size, quitKeys: [Key],
    content: @escaping @MainActor () -> ViewGroup
  ) {
    self.size = size
    self.minimumSize = minimumSize
    self.quitKeys = quitKeys
    self.content = content
  }

  /// Evaluates the view for the current state and draws a frame.
  func render() -> Grid {
    guard size.contains(minimumSize) else { return tooSmall() }
    var grid = pass()
    let ids = targets.map(\.id)
    if let focusedID, !ids.contains(focusedID) {
      // The focused view is gone (an alert, a screen change): go back to the most recent view
      // that lost focus and is there again, else the first one, and draw again.
      lostFocus.append(focusedID)
      if lostFocus.count > 32 { lostFocus.removeFirst() }
      let restored = lostFocus.lastIndex(where: ids.contains)
      self.focusedID = restored.map { lostFocus[$0] } ?? ids.first
      if let restored { lostFocus.removeSubrange(restored...) }
      grid = pass()
    } else if focusedID == nil {
      focusedID = ids.first
    }
    return grid
  }

  /// Handles one key; returns whether anything used it.
  @discardableResult
  func handle(_ key: Key) -> Bool {
    if key == .ctrl("c") {
      onInterrupt?()
      return true
    }
    if key == .ctrl("z"), let onSuspend {
      onSuspend()
      return true
    }
    if let timeTravel, timeTravel.handle(key) { return true }
    if case .mouse(let mouse) = key { return handleMouse(mouse, key) }
    if key == .tab || key == .backTab {
      moveFocus(by: key == .tab ? 1 : -1)
      return true
    }
    if let target = targets.first(where: { $0.id == focusedID }), target.handle(key) {
      return true
    }
    for binding in bindings.reversed() where binding.keys.contains(key) {
      binding.action()
      return true
    }
    return false
  }

  /// A press focuses the view under the pointer and hands it the click; the wheel goes to the
  /// view under the pointer and leaves the focus alone; a release or drag goes to the focused
  /// view, which the press went to.
  private func handleMouse(_ mouse: Mouse, _ key: Key) -> Bool {
    switch mouse.action {
    case .press, .scrollUp, .scrollDown:
      // Views register in drawing order, so the last one under the pointer is on top.
      guard
        let target = targets.last(where: {
          $0.rect.contains(column: mouse.column, row: mouse.row)
        })
      else { return false }
      if case .press = mouse.action { focusedID = target.id }
      return target.handle(key)
    case .release, .drag:
      return targets.first { $0.id == focusedID }?.handle(key) ?? false
    }
  }

  func present(_ presentation: Presentation) -> Int? {
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

  func dismissToast(_ id: Int) {
    toasts.removeAll { $0.id == id }
  }

  func dismissAllToasts() {
    toasts.removeAll()
  }

  private func moveFocus(by step: Int) {
    guard !targets.isEmpty else { return }
    let current = targets.firstIndex { $0.id == focusedID } ?? -step
    let next = (current + step + targets.count) % targets.count
    focusedID = targets[next].id
  }

  private func pass() -> Grid {
    let context = RenderContext(
      size: size, focusedID: focusedID, interaction: interaction, animationFrame: animationFrame,
      graphics: graphics)
    if !quitKeys.isEmpty {
      context.addBinding(KeyBinding(quitKeys, help: "Quit") { [weak self] in self?.onQuit?() })
    }
    let toastLines = ToastLayout.lines(
      for: toasts.map(\.text), width: size.width, maximumRows: size.height / 3)
    let bounds = context.grid.bounds
    let root = content()
    root.draw(
      Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height - toastLines.count),
      context)
    context.overlay { [unowned self, unowned context] in
      self.drawPresentations(context, toastLines: toastLines)
    }
    context.finish()
    timeTravel?.draw(context)
    targets = context.targets
    bindings = context.bindings
    animates = context.animates
    return context.grid
  }

  private func drawPresentations(_ context: RenderContext, toastLines: [String]) {
    let bounds = context.grid.bounds
    for (offset, line) in toastLines.enumerated() {
      let width = min(bounds.width, line.terminalWidth)
      let row = bounds.maxY - toastLines.count + offset
      let rect = Rect(x: bounds.maxX - width, y: row, width: width, height: 1)
      context.put(
        line, column: rect.x, row: rect.y,
        style: Style(foreground: .black, background: .cyan, attributes: .bold), clip: rect)
    }
    guard case .alert(let title, let message) = alerts.first else { return }
    Alert(title: title, message: message) { [weak self] in
      guard let self, !self.alerts.isEmpty else { return }
      self.alerts.removeFirst()
    }.draw(context)
  }

  private func tooSmall() -> Grid {
    targets = []
    bindings = []
    if !quitKeys.isEmpty {
      bindings = [KeyBinding(quitKeys, help: "Quit") { [weak self] in self?.onQuit?() }]
    }
    animates = false
    var grid = Grid(size: size)
    let message = "Terminal too small: need \(minimumSize), have \(size)"
    let lines = TextWrapper.wrap(message, width: size.width)
    let top = max(0, (size.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let column = max(0, (size.width - line.terminalWidth) / 2)
      grid.put(
        line, column: column, row: top + offset, style: Style(attributes: .bold), clip: grid.bounds)
    }
    return grid
  }
}
