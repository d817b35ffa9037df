/// The state of one render pass: the grid being drawn, the inherited style, the view id path,
/// and the focus targets and key bindings that views register.
@MainActor
final class RenderContext {
  var grid: Grid
  var style = Style.plain
  /// Where the focus is this frame.
  let focus: Focus
  let interaction: InteractionState
  let animationFrame: Int
  /// How images are drawn.
  let graphics: GraphicsMode
  /// Whether the terminal shows colour; under `NO_COLOR` an image is a caption, not stripes.
  let showsColor: Bool
  /// Why images drawn with kitty graphics may not show (inside tmux), shown in their place.
  let graphicsNote: String?
  /// Keys the runtime itself handles before any view, for the key help (Ctrl-T when the app
  /// has a history).
  var runtimeKeys: [KeyHelp.Entry] = []
  private(set) var targets: [FocusTarget] = []
  private(set) var bindings: [KeyBinding] = []
  private(set) var animates = false
  private(set) var axis: Axis?
  private var path: [String] = []
  private var overlays: [() -> Void] = []
  private var finalPasses: [() -> Void] = []
  private var pendingFocusRequest: FocusRequest?

  init(
    size: Size, focus: Focus, interaction: InteractionState, animationFrame: Int,
    graphics: GraphicsMode = .halfBlocks, showsColor: Bool = true, graphicsNote: String? = nil
  ) {
    self.grid = Grid(size: size)
    self.focus = focus
    self.interaction = interaction
    self.animationFrame = animationFrame
    self.graphics = graphics
    self.showsColor = showsColor
    self.graphicsNote = graphicsNote
  }

  /// The id of the view being drawn: its position in the tree.
  var id: String { path.joined(separator: "/") }

  /// The state the view being drawn keeps between frames, made by `make` on its first frame.
  func kept<State: AnyObject>(_ make: () -> State) -> State {
    interaction.state(at: id, make)
  }

  func withChild<T>(_ component: String, axis: Axis? = nil, _ body: () -> T) -> T {
    path.append(component)
    defer { path.removeLast() }
    return withAxis(axis, body)
  }

  func withAxis<T>(_ axis: Axis?, _ body: () -> T) -> T {
    let saved = self.axis
    self.axis = axis
    defer { self.axis = saved }
    return body()
  }

  func withStyle<T>(_ style: Style, _ body: () -> T) -> T {
    let saved = self.style
    self.style = saved.merged(with: style)
    defer { self.style = saved }
    return body()
  }

  /// Registers the view being drawn as focusable; returns whether it has the focus. Without a
  /// focused view the first focusable one takes it.
  ///
  /// - Parameters:
  ///   - takesText: Printable keys type into the view; see ``FocusTarget/takesText``.
  ///   - uses: Whether the view would use a key now, without using it.
  func registerFocusable(
    rect: Rect, help: [(key: String, text: String)] = [], takesText: Bool = false,
    uses: @escaping @MainActor (Key) -> Bool = { _ in false },
    handle: @escaping @MainActor (Key) -> Bool
  ) -> Bool {
    let id = self.id
    let focused: Bool
    switch focus {
    case .first: focused = targets.isEmpty
    case .view(let focusedID): focused = focusedID == id
    case .screen: focused = false
    }
    // A request belongs to the first focusable view inside the modifier that made it.
    let request = pendingFocusRequest
    pendingFocusRequest = nil
    targets.append(
      FocusTarget(
        id: id, rect: rect, help: help, takesText: takesText, uses: uses, focusRequest: request,
        handle: handle))
    return focused
  }

  /// Registers the view being drawn as focusable and pressed, which runs `action`, by Enter,
  /// Space or a click, as a button or a checkbox is; returns whether it has the focus.
  func registerPressable(
    rect: Rect, help: (key: String, text: String), action: @escaping @MainActor () -> Void
  ) -> Bool {
    let presses: @MainActor (Key) -> Bool = { key in key == .enter || key == .space }
    return registerFocusable(rect: rect, help: [help], uses: presses) { key in
      guard presses(key) || key.click != nil else { return false }
      action()
      return true
    }
  }

  /// The view that has the focus so far this frame, if any.
  var focusedTarget: FocusTarget? {
    let id = focus.id(first: targets.first?.id)
    return targets.first { $0.id == id }
  }

  /// Draws `body` with `request` waiting for the first focusable view inside it.
  func withFocusRequest(_ request: FocusRequest, _ body: () -> Void) {
    let saved = pendingFocusRequest
    pendingFocusRequest = request
    defer { pendingFocusRequest = saved }
    body()
  }

  func addBinding(_ binding: KeyBinding) {
    bindings.append(binding)
  }

  /// From now on only views drawn inside the modal take keys: what is under it is inert.
  func beginModal() {
    // The modal takes the focus, so no field under it is being typed into.
    grid.cursor = nil
    targets.removeAll()
    bindings.removeAll()
  }

  func requestAnimation() {
    animates = true
  }

  /// Draws `body` after the main tree, on top of it (alerts, toasts).
  func overlay(_ body: @escaping () -> Void) {
    let savedPath = path
    overlays.append { [unowned self] in
      let current = self.path
      self.path = savedPath
      body()
      self.path = current
    }
  }

  /// Draws `body` last of all, once every binding is known (the help bar).
  func finally(_ body: @escaping () -> Void) {
    finalPasses.append(body)
  }

  func finish() {
    while !overlays.isEmpty {
      let pending = overlays
      overlays.removeAll()
      for overlay in pending { overlay() }
    }
    for pass in finalPasses { pass() }
    finalPasses.removeAll()
  }

  /// Shows a text cursor at `column`, `row` on a character `width` cells wide (1 past the end
  /// of the text): that cell in reverse video, as far as it fits before `maxX`, and the
  /// terminal's own cursor there, for input methods and screen readers.
  func showTextCursor(column: Int, row: Int, width: Int, maxX: Int) {
    grid.restyle(Rect(x: column, y: row, width: min(max(1, width), maxX - column), height: 1)) {
      $0.attributes.insert(.reverse)
    }
    grid.cursor = Grid.Position(column: column, row: row)
  }
}
