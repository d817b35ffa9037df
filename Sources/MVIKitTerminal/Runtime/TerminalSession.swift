/// Renders a root view and routes keys through focus; the part of the runtime that needs no
/// terminal, shared by ``TerminalApp`` and ``HeadlessTerminal``.
@MainActor
final class TerminalSession {
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
  /// Where keys go first.
  private var focus = FocusRing()
  /// The toasts and alerts shown over the screen.
  private(set) var overlays = Overlays()
  private(set) var animates = false
  private var bindings: [KeyBinding] = []
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

  /// How many places of the view tree have state kept between frames; for tests.
  var keptStateCount: Int { interaction.count }

  /// The id of the focused view; nil when no view has the focus.
  var focusedID: String? { focus.focusedID }

  /// Evaluates the view for the current state and draws a frame.
  func render() -> Grid {
    guard size.contains(minimumSize) else { return tooSmall() }
    let previousIDs = Set(focus.targets.map(\.id))
    var grid = pass()
    if focus.settle(previousIDs: previousIDs) { grid = pass() }
    if focus.followRequest() { grid = pass() }
    interaction.endFrame()
    return grid
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

  /// Shows `presentation` over the screen; returns a toast's id, to dismiss it later.
  func present(_ presentation: Presentation) -> Int? {
    overlays.present(presentation)
  }

  func dismissToast(_ id: Int) {
    overlays.dismissToast(id)
  }

  func dismissAllToasts() {
    overlays.dismissAllToasts()
  }

  private func pass() -> Grid {
    let context = RenderContext(
      size: size, focus: focus.focus, interaction: interaction, animationFrame: animationFrame,
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
      for: overlays.toasts.map(\.text), width: size.width, maximumRows: size.height / 3)
    let bounds = context.grid.bounds
    let root = content()
    root.draw(
      Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height - toastLines.count),
      context)
    context.overlay { [unowned self, unowned context] in
      self.overlays.draw(context, toastLines: toastLines) { [weak self] in
        self?.overlays.dismissAlert()
      }
    }
    context.finish()
    timeTravel?.draw(context)
    focus.targets = context.targets
    bindings = context.bindings
    animates = context.animates
    return context.grid
  }

  private func tooSmall() -> Grid {
    focus.targets = []
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
