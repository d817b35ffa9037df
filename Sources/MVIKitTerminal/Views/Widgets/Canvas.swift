/// Where a view draws: the frame's cells, clipped to the view's area, with the style inherited
/// from the modifiers around it, and the view's link to focus and keys.
///
/// Every view draws into one, a ``Widget`` of yours and each built-in view alike: a stack gives
/// each child a canvas of the child's area, so the rules here (clipping, inherited style, text
/// by display width) are the same for all.
///
/// Positions are screen cells, the same ones the widget's `rect` is given in. Text is placed
/// by display width: a CJK character or an emoji takes two cells, and one cut by the edge of
/// the area becomes a space rather than half a glyph.
@MainActor
public final class Canvas {
  /// The frame being drawn: what the runtime's own views (the help bar, images) read beyond
  /// the cells.
  let context: RenderContext
  /// The widget's area; everything drawn is clipped to it.
  public let bounds: Rect
  /// The style of the modifiers around the widget (`.bold()`, `.foreground(.red)`), which
  /// everything drawn starts from.
  public let style: Style

  init(_ context: RenderContext, bounds: Rect) {
    self.context = context
    self.bounds = bounds
    // Taken now: what a view draws later in the frame (an overlay, the help bar's last pass)
    // keeps the style of where the view stands.
    self.style = context.style
  }

  /// A counter that moves on ten times a second while some view asks for animation.
  public var animationFrame: Int { context.animationFrame }

  /// Asks for another frame soon, to move an animation on by ``animationFrame``.
  public func requestAnimation() {
    context.requestAnimation()
  }

  /// The cell at `column`, `row` as drawn so far this frame.
  public subscript(column: Int, row: Int) -> Cell {
    context.grid[column, row]
  }

  /// Writes `text` from `column`, `row`, in the inherited ``style`` with `style` over it;
  /// returns the columns the text takes, drawn or clipped.
  @discardableResult
  public func put(_ text: String, column: Int, row: Int, style: Style = .plain) -> Int {
    context.grid.put(
      text, column: column, row: row, style: self.style.merged(with: style), clip: bounds)
  }

  /// Fills `rect` (clipped to the area) with `character` in the inherited style with `style`
  /// over it.
  public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let cell = Cell(character, style: self.style.merged(with: style))
    context.grid.fill(rect.intersection(bounds), with: cell)
  }

  /// Changes the style of the cells in `rect` (clipped to the area) already drawn.
  public func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    context.grid.restyle(rect.intersection(bounds), change)
  }

  /// Makes the widget focusable: Tab reaches it, a click on it focuses it, and while it has
  /// the focus `handle` gets each key first, mouse events included (returning false passes a
  /// key on to the bindings around). Returns whether the widget has the focus this frame.
  ///
  /// - Parameters:
  ///   - help: Key and description pairs for the ``HelpBar`` while focused.
  ///   - takesText: Whether printable keys type into the widget, as into a ``TextField``: the
  ///     help bar then leaves the screen's letter shortcuts out, and Esc takes the focus out of
  ///     the widget when `handle` does not use it (see <doc:KeysAndFocus>).
  ///   - uses: Whether `handle` would use a key now, asked without using it, so that the help
  ///     bar leaves out the bindings of keys the widget takes.
  ///   - handle: Takes a key; returns whether it used it.
  @discardableResult
  public func focus(
    help: [(key: String, text: String)] = [], takesText: Bool = false,
    uses: @escaping @MainActor (Key) -> Bool = { _ in false },
    handle: @escaping @MainActor (Key) -> Bool
  ) -> Bool {
    context.registerFocusable(
      rect: bounds, help: help, takesText: takesText, uses: uses, handle: handle)
  }

  /// Shows the terminal's cursor at `position` (a text widget's insertion point).
  public func showCursor(at position: Grid.Position) {
    guard bounds.contains(column: position.column, row: position.row) else { return }
    context.grid.cursor = position
  }

  /// Draws a view, built-in or not, into `rect` of the area, as part of this widget: a label,
  /// a nested list.
  public func draw(_ view: some View, in rect: Rect) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    draw(resolve(view), in: area, id: "canvas" + String(area.x) + "," + String(area.y))
  }
}

/// What the built-in views need beyond a widget's drawing: their children's places in the tree,
/// bindings, modals and overlays. Each is the runtime's, reached through the same canvas.
extension Canvas {
  /// Draws `element` into `rect` on a canvas of its own, at the child place `id` of the tree
  /// (for its focus and kept state), laid out along `axis` when it is a stack's child.
  func draw(_ element: any Element, in rect: Rect, id: String, axis: Axis? = nil) {
    context.withChild(id, axis: axis) {
      element.draw(in: rect, canvas: Canvas(context, bounds: rect))
    }
  }

  /// Draws `element` into `rect` at this view's own place in the tree, as a modifier draws
  /// what it wraps.
  func draw(_ element: any Element, in rect: Rect) {
    element.draw(in: rect, canvas: Canvas(context, bounds: rect))
  }

  /// The direction of the stack this view is in, if any.
  var axis: Axis? { context.axis }

  /// Writes `text` clipped to `clip` as well as to the area: a column of a table row, a title
  /// in a border.
  @discardableResult
  func put(_ text: String, column: Int, row: Int, style: Style = .plain, within clip: Rect) -> Int {
    context.grid.put(
      text, column: column, row: row, style: self.style.merged(with: style),
      clip: clip.intersection(bounds))
  }

  /// Writes `lines` one a row into `rect` (clipped to the area), each ending in `…` when cut.
  func put(
    lines: some Collection<String>, in rect: Rect, style: Style = .plain, centered: Bool = false
  ) {
    context.grid.put(
      lines: lines, in: rect.intersection(bounds), style: self.style.merged(with: style),
      centered: centered)
  }

  /// Sets the cell at `column`, `row` when it is in the area, as it is: an image's pixels.
  func set(_ cell: Cell, column: Int, row: Int) {
    guard bounds.contains(column: column, row: row) else { return }
    context.grid[column, row] = cell
  }

  /// Makes the view focusable and pressed, which runs `action`, by Enter, Space or a click,
  /// as a button or a checkbox is; returns whether it has the focus.
  func press(help: (key: String, text: String), action: @escaping @MainActor () -> Void) -> Bool {
    context.registerPressable(rect: bounds, help: help, action: action)
  }

  /// Shows a text cursor at `column`, `row` on a character `width` cells wide (1 past the end
  /// of the text): that cell in reverse video as far as it fits before `maxX`, and the
  /// terminal's own cursor there, for input methods and screen readers.
  func showTextCursor(column: Int, row: Int, width: Int, maxX: Int) {
    guard bounds.contains(column: column, row: row) else { return }
    context.showTextCursor(column: column, row: row, width: width, maxX: min(maxX, bounds.maxX))
  }

  /// Places an image the terminal draws itself (kitty graphics) over `placement`'s cells.
  func place(_ placement: ImagePlacement) {
    context.grid.images.append(placement)
  }

  /// The state this view keeps between frames at its place in the tree, made by `make` on its
  /// first frame.
  func kept<State: AnyObject>(_ make: () -> State) -> State {
    context.kept(make)
  }

  /// Adds a key binding that applies wherever the focus is.
  func bind(_ binding: KeyBinding) {
    context.addBinding(binding)
  }

  /// Draws `body` with the inherited style changed by `style`, on a canvas that has it.
  func withStyle(_ style: Style, _ body: (Canvas) -> Void) {
    context.withStyle(style) { body(Canvas(context, bounds: bounds)) }
  }

  /// Draws `body` with `request` waiting for the first focusable view inside it.
  func withFocusRequest(_ request: FocusRequest, _ body: () -> Void) {
    context.withFocusRequest(request, body)
  }

  /// Draws `body` after the rest of the frame, on top of it, on a canvas of the whole screen:
  /// an alert.
  func overlay(_ body: @escaping (Canvas) -> Void) {
    context.overlay { [context] in body(Canvas(context, bounds: context.grid.bounds)) }
  }

  /// Draws `body` last of all, once every binding of the frame is known: the help bar.
  func finally(_ body: @escaping () -> Void) {
    context.finally(body)
  }

  /// From now on only what is drawn inside the modal takes keys: what is under it is inert.
  func beginModal() {
    context.beginModal()
  }
}
