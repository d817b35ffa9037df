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
  /// Whether the terminal shows colour.
  var showsColor = true
  /// Why kitty graphics may not show; see ``GraphicsMode/note(for:environment:halfBlocksHint:)``.
  var graphicsNote: String?
  /// The time-travel overlay, when the app was given a ``StateHistory``.
  var timeTravel: TimeTravelControl?
  var onQuit: (@MainActor () -> Void)?
  var onInterrupt: (@MainActor () -> Void)?
  /// Called for Ctrl-Z: the runtime gives the terminal back to the shell until `fg`.
  var onSuspend: (@MainActor () -> Void)?
  private(set) var focus = Focus.first
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

  /// The id of the focused view; nil when no view has the focus.
  var focusedID: String? {
    switch focus {
    case .first: targets.first?.id
    case .view(let id): id
    case .screen: nil
    }
  }

  /// Evaluates the view for the current state and draws a frame.
  func render() -> Grid {
    guard size.contains(minimumSize) else { return tooSmall() }
    let previousIDs = Set(targets.map(\.id))
    var grid = pass()
    if settleFocus(previousIDs: previousIDs) { grid = pass() }
    if followFocusRequest() { grid = pass() }
    return grid
  }

  /// Moves the focus after a pass in which the focused view disappeared; returns whether it
  /// moved, so the frame is drawn again.
  private func settleFocus(previousIDs: Set<String>) -> Bool {
    let ids = targets.map(\.id)
    switch focus {
    case .first:
      guard let first = ids.first else { return false }
      focus = .view(first)
      return false
    case .view(let focusedID) where !ids.contains(focusedID):
      // The focused view is gone (an alert, a screen change, a list emptied): go back to the
      // most recent view that lost focus and is there again.
      lostFocus.append(focusedID)
      if lostFocus.count > 32 { lostFocus.removeFirst() }
      if let restored = lostFocus.lastIndex(where: ids.contains) {
        focus = .view(lostFocus[restored])
        lostFocus.removeSubrange(restored...)
        return true
      }
      focus = fallbackFocus(isNewScreen: previousIDs.isDisjoint(with: ids))
      return true
    case .screen(let after, let restoresLost):
      if restoresLost, let restored = lostFocus.lastIndex(where: ids.contains) {
        focus = .view(lostFocus[restored])
        lostFocus.removeSubrange(restored...)
        return true
      }
      // A new screen (the view the focus left went with the old one, an alert came up): the
      // focus lands on its first view, so that its keys act at once.
      guard let first = ids.first, !ids.contains(after ?? ""), previousIDs.isDisjoint(with: ids)
      else { return false }
      focus = .view(first)
      return true
    default:
      return false
    }
  }

  /// Where the focus goes when its view disappeared and no earlier one came back. A new
  /// screen starts on its first view, a field included. On the same screen the focus never
  /// drops into a text field on its own: the keys the user goes on pressing (`u` to undo the
  /// delete that emptied a list) would type instead of doing what the key bar said.
  private func fallbackFocus(isNewScreen: Bool) -> Focus {
    if isNewScreen, let first = targets.first { return .view(first.id) }
    if targets.isEmpty { return .first }
    if let other = targets.first(where: { !$0.takesText }) { return .view(other.id) }
    return .screen(after: nil, restoresLost: true)
  }

  /// Gives the focus to a view whose state asks for it (``View/focused(_:onFocusChange:)``);
  /// returns whether it moved.
  private func followFocusRequest() -> Bool {
    let asking = targets.filter { $0.focusRequest?.isFocused == true }
    guard let first = asking.first, !asking.contains(where: { isFocused($0.id) }) else {
      return false
    }
    focus = .view(first.id)
    return true
  }

  private func isFocused(_ id: String) -> Bool {
    isFocused(id, in: focus)
  }

  private func isFocused(_ id: String, in focus: Focus) -> Bool {
    switch focus {
    case .first: targets.first?.id == id
    case .view(let focusedID): focusedID == id
    case .screen: false
    }
  }

  /// Whether the focused view takes typed text (a text field, a list's filter being typed),
  /// as of the last render; the time-travel overlay takes the keys itself.
  var focusTakesText: Bool {
    guard timeTravel?.isActive != true else { return false }
    return targets.first { isFocused($0.id) }?.takesText ?? false
  }

  /// Handles one key; returns whether anything used it.
  @discardableResult
  func handle(_ key: Key) -> Bool {
    let before = focus
    defer { if focus != before { reportFocusChange(from: before) } }
    return route(key)
  }

  /// The key rule: Ctrl-C, Ctrl-Z and time travel first; Tab and Shift-Tab always move the
  /// focus; then the focused view; then Esc takes the focus out of a text field; then the
  /// screen's bindings, innermost first.
  private func route(_ key: Key) -> Bool {
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
    let focused = targets.first { isFocused($0.id) }
    if let focused, focused.handle(key) { return true }
    if key == .escape, let focused, focused.takesText {
      leaveField(focused)
      return true
    }
    for binding in bindings.reversed() where binding.keys.contains(key) {
      binding.action()
      return true
    }
    return false
  }

  /// Tells the views that asked for the focus in their state that the user moved it onto
  /// them or off them.
  private func reportFocusChange(from before: Focus) {
    for target in targets {
      guard let request = target.focusRequest else { continue }
      let (was, now) = (isFocused(target.id, in: before), isFocused(target.id))
      if was != now { request.onChange(now) }
    }
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
      if case .press = mouse.action { focus = .view(target.id) }
      return target.handle(key)
    case .release, .drag:
      return targets.first { isFocused($0.id) }?.handle(key) ?? false
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

  /// Tab and Shift-Tab: on to the next view, or back to the one before, round the screen.
  /// A text field that is the only focusable view gives the focus to the screen, so that its
  /// bindings can be reached; from the screen, Tab goes on from the view that had the focus.
  private func moveFocus(by step: Int) {
    guard !targets.isEmpty else { return }
    let current: Int
    if case .screen(let after, _) = focus {
      current = after.flatMap { id in targets.firstIndex { $0.id == id } } ?? -step
    } else {
      current = targets.firstIndex { isFocused($0.id) } ?? -step
      if targets.count == 1, targets[0].takesText, current == 0 {
        focus = .screen(after: targets[0].id, restoresLost: false)
        return
      }
    }
    let next = (current + step + targets.count) % targets.count
    focus = .view(targets[next].id)
  }

  /// Esc in a text field: the focus goes to the next view that does not take text, where the
  /// screen's shortcuts work, or to the screen when there is none; a second Esc then means
  /// what it means on the screen (back, say).
  private func leaveField(_ field: FocusTarget) {
    let start = targets.firstIndex { $0.id == field.id } ?? 0
    let order = targets[(start + 1)...] + targets[..<start]
    if let next = order.first(where: { !$0.takesText }) {
      focus = .view(next.id)
    } else {
      focus = .screen(after: field.id, restoresLost: false)
    }
  }

  private func pass() -> Grid {
    let context = RenderContext(
      size: size, focus: focus, interaction: interaction, animationFrame: animationFrame,
      graphics: graphics, showsColor: showsColor, graphicsNote: graphicsNote)
    if !quitKeys.isEmpty {
      context.addBinding(KeyBinding(quitKeys, help: "Quit") { [weak self] in self?.onQuit?() })
    }
    if timeTravel != nil {
      context.runtimeKeys = [
        KeyHelp.Entry(key: TimeTravelControl.toggleKey.label, text: "Time travel")
      ]
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
