/// A view that measures and draws itself: every built-in view, and every ``Widget`` (through
/// `WidgetElement`). Drawing is the widget's contract for all of them: the view draws into a
/// ``Canvas`` of its area, which clips, passes the inherited style and takes its focus and keys.
@MainActor
protocol Element {
  /// The size the view takes when offered `proposal`; never larger than the proposal, except
  /// along a direction it is flexible in, where it takes the whole proposal.
  func measure(_ proposal: Size, _ context: RenderContext) -> Size
  /// The directions the view grows in; `axis` is the direction of the enclosing stack.
  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex
  /// Draws the view into `rect`, the area of `canvas`, and registers its keys.
  func draw(in rect: Rect, canvas: Canvas)
}

extension Element {
  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { .none }
}

/// A view one row high across all the width it is offered: a text field, a progress bar.
@MainActor
protocol LineElement: Element {}

extension LineElement {
  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { .horizontal }
}

/// A view that takes all the space it is offered, in both directions, and scrolls or clips
/// what does not fit: a list, a table, a text area, a scroll view.
@MainActor
protocol FillingElement: Element {}

extension FillingElement {
  func measure(_ proposal: Size, _ context: RenderContext) -> Size { proposal }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { .both }
}

/// A view that wraps one other and takes its size and flexibility: the modifiers, whose
/// `draw` adds what they are for around the content's.
@MainActor
protocol WrapperElement: Element {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  var content: any Element { get }
}

extension WrapperElement {
  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    content.measure(proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    content.flex(axis, context)
  }
}

/// Evaluates bodies until a built-in view is reached.
@MainActor
func resolve(_ view: any View) -> any Element {
  var current = view
  // Bodies are finite in practice; the bound only turns a runaway recursion into nothing.
  for _ in 0..<512 {
    if let element = current as? any Element { return element }
    if let widget = current as? any Widget { return WidgetElement(widget) }
    if let widget = current as? any StatefulWidget { return WidgetElement(widget) }
    current = current.body
  }
  return EmptyView()
}
