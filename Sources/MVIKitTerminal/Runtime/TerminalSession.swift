/// Routes keys through the focus, the overlays and the screen's bindings, and has the screen
/// drawn; the part of the runtime that needs no terminal, shared by ``TerminalApp`` and
/// ``HeadlessTerminal``. Drawing is the ``ScreenRenderer``'s, the focus the ``FocusRing``'s,
/// what shows over the screen the ``Overlays``'.
@MainActor
final class TerminalSession {
  /// Draws the frames: its size, graphics and colour are the terminal's.
  let screen: ScreenRenderer
  /// The time-travel overlay, when the app was given a `StateTimeline`.
  var timeTravel: TimeTravelControl?
  var onQuit: (@MainActor () -> Void)?
  var onInterrupt: (@MainActor () -> Void)?
  /// Called for Ctrl-Z: the runtime gives the terminal back to the shell until `fg`.
  var onSuspend: (@MainActor () -> Void)?
  /// Where keys go first.
  private var focus = FocusRing()
  /// The toasts and alerts shown over the screen.
  var overlays = Overlays()
  private(set) var animates = false
  private var bindings: [KeyBinding] = []
  private let quitKeys: [Key]

  init(
    size: Size, minimumSize: Size, quitKeys: [Key],
    content: @escaping @MainActor () -> ViewGroup
  ) {
    screen = ScreenRenderer(size: size, minimumSize: minimumSize, content: content)
    self.quitKeys = quitKeys
  }

  /// The id of the focused view; nil when no view has the focus.
  var focusedID: String? { focus.focusedID }

  /// Evaluates the view for the current state and draws a frame: again when the focus had to
  /// move (its view gone, a view asked for it), so that the frame shows where it is.
  func render() -> Grid {
    guard screen.fits else { return take(screen.tooSmall(bindings: quitBinding)) }
    let previousIDs = Set(focus.targets.map(\.id))
    var grid = pass()
    if focus.settle(previousIDs: previousIDs) { grid = pass() }
    if focus.followRequest() { grid = pass() }
    screen.endFrame()
    return grid
  }

  private func pass() -> Grid {
    take(
      screen.draw(
        focus: focus.focus, overlays: overlays, timeTravel: timeTravel, bindings: quitBinding,
        dismissAlert: { [weak self] in self?.overlays.dismissAlert() }))
  }

  /// Keeps what the frame's views registered, for the keys until the next frame.
  private func take(_ frame: ScreenRenderer.Frame) -> Grid {
    focus.targets = frame.targets
    bindings = frame.bindings
    animates = frame.animates
    return frame.grid
  }

  /// The quit keys' binding, the first of every frame; none without quit keys.
  private var quitBinding: [KeyBinding] {
    guard !quitKeys.isEmpty else { return [] }
    // Pinned: however many keys a screen offers, the bar always says how to quit.
    var quit = KeyBinding(quitKeys, help: "Quit") { [weak self] in self?.onQuit?() }
    quit.isPinned = true
    return [quit]
  }

  /// Whether the focused view takes typed text (a text field, a list's filter being typed),
  /// as of the last render; the time-travel overlay takes the keys itself.
  var focusTakesText: Bool {
    guard timeTravel?.isActive != true else { return false }
    return focus.focused?.takesText ?? false
  }

  /// Handles one key; returns whether anything used it.
  @discardableResult
  func handle(_ key: Key) -> Bool {
    let before = focus.focus
    defer { if focus.focus != before { focus.reportChange(from: before) } }
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
      focus.move(by: key == .tab ? 1 : -1)
      return true
    }
    let focused = focus.focused
    if let focused, focused.handle(key) { return true }
    if key == .escape, let focused, focused.takesText {
      focus.leave(focused)
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
        let target = focus.targets.last(where: {
          $0.rect.contains(column: mouse.column, row: mouse.row)
        })
      else { return false }
      if case .press = mouse.action { focus.focus(on: target.id) }
      return target.handle(key)
    case .release, .drag:
      return focus.focused?.handle(key) ?? false
    }
  }
}
