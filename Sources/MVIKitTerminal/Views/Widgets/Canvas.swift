/// Where a ``Widget`` draws: the frame's cells, clipped to the widget's area, with the style
/// inherited from the modifiers around it, and the widget's link to focus and keys.
///
/// Positions are screen cells, the same ones the widget's `rect` is given in. Text is placed
/// by display width: a CJK character or an emoji takes two cells, and one cut by the edge of
/// the area becomes a space rather than half a glyph.
@MainActor
public final class Canvas {
  private let context: RenderContext
  /// The widget's area; everything drawn is clipped to it.
  public let bounds: Rect

  init(_ context: RenderContext, bounds: Rect) {
    self.context = context
    self.bounds = bounds
  }

  /// The style of the modifiers around the widget (`.bold()`, `.foreground(.red)`), which
  /// everything drawn starts from.
  public var style: Style { context.style }

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
    context.withChild("canvas" + String(area.x) + "," + String(area.y)) {
      resolve(view).draw(area, context)
    }
  }
}
