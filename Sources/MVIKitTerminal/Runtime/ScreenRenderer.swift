/// Turns the root view into a frame: evaluates it for the current state, lays it out, draws it
/// and what is shown over it into a grid, and collects what the views registered (the focus
/// targets and key bindings). It keeps what views keep between frames. The part of a session
/// that only draws; the focus and the keys stay with ``TerminalSession``.
@MainActor
final class ScreenRenderer {
  /// One drawing of the screen, and what its views registered.
  struct Frame {
    var grid: Grid
    var targets: [FocusTarget] = []
    var bindings: [KeyBinding] = []
    var animates = false
  }

  var size: Size
  var minimumSize: Size
  var animationFrame = 0
  /// How images are drawn.
  var graphics = GraphicsMode.halfBlocks
  /// Whether the terminal shows colour.
  var showsColor = true
  /// Why kitty graphics may not show; see `GraphicsMode.note(for:environment:halfBlocksHint:)`.
  var graphicsNote: String?
  private let content: @MainActor () -> ViewGroup
  private let interaction = InteractionState()

  init(size: Size, minimumSize: Size, content: @escaping @MainActor () -> ViewGroup) {
    self.size = size
    self.minimumSize = minimumSize
    self.content = content
  }

  /// Whether the screen is large enough to draw the views.
  var fits: Bool { size.contains(minimumSize) }

  /// How many places of the view tree have state kept between frames.
  var keptStateCount: Int { interaction.count }

  /// Draws the views with the focus at `focus`, `overlays` over them and the time-travel bar;
  /// `bindings` come first, before the views' own.
  func draw(
    focus: Focus, overlays: Overlays, timeTravel: TimeTravelControl?, bindings: [KeyBinding],
    dismissAlert: @escaping @MainActor () -> Void
  ) -> Frame {
    let context = RenderContext(
      size: size, focus: focus, interaction: interaction, animationFrame: animationFrame,
      graphics: graphics, showsColor: showsColor, graphicsNote: graphicsNote)
    for binding in bindings { context.addBinding(binding) }
    if timeTravel?.hasHistory == true {
      context.runtimeKeys = [
        KeyHelp.Entry(key: TimeTravelControl.toggleKey.label, text: "Time travel")
      ]
    }
    let toastLines = ToastLayout.lines(
      for: overlays.toasts.map(\.text), width: size.width, maximumRows: size.height / 3)
    let area = context.grid.bounds.inset(bottom: toastLines.count)
    content().draw(in: area, canvas: Canvas(context, bounds: area))
    let screen = Canvas(context, bounds: context.grid.bounds)
    screen.overlay { overlays.draw(on: $0, toastLines: toastLines, dismissAlert: dismissAlert) }
    context.finish()
    timeTravel?.draw(on: screen)
    return Frame(
      grid: context.grid, targets: context.targets, bindings: context.bindings,
      animates: context.animates)
  }

  /// Ends a frame of one or more drawings: forgets what long-hidden views kept.
  func endFrame() {
    interaction.endFrame()
  }

  /// The screen too small for the views: what it needs and has, centred.
  func tooSmall(bindings: [KeyBinding]) -> Frame {
    var grid = Grid(size: size)
    let message = "Terminal too small: need \(minimumSize), have \(size)"
    let lines = TextWrapper.wrap(message, width: size.width)
    grid.put(lines: lines, in: grid.bounds, style: Style(attributes: .bold), centered: true)
    return Frame(grid: grid, bindings: bindings)
  }
}
