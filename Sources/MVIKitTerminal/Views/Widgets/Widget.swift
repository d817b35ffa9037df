/// A view you draw yourself, cell by cell, into a ``Canvas``: a chart, a gauge, a game board.
///
/// It is what Ratatui calls a widget: a value made from state for each frame, which sizes
/// itself and draws into the area it is given. It sits in stacks, boxes and lists like any
/// built-in view, and can take the focus and keys through
/// ``Canvas/focus(help:takesText:uses:handle:)``.
///
/// ```swift
/// struct Sparkline: Widget {
///   let values: [Int]
///   var flexibility: Flex { .none }
///
///   func sizeThatFits(_ proposal: Size) -> Size {
///     Size(width: min(proposal.width, values.count), height: min(proposal.height, 1))
///   }
///
///   func draw(in rect: Rect, canvas: Canvas) {
///     let bars = Array("▁▂▃▄▅▆▇█")
///     let top = max(1, values.max() ?? 1)
///     for (offset, value) in values.suffix(rect.width).enumerated() {
///       let bar = bars[min(bars.count - 1, value * bars.count / (top + 1))]
///       canvas.put(String(bar), column: rect.x + offset, row: rect.y)
///     }
///   }
/// }
/// ```
///
/// For state the widget keeps between frames itself (a scroll position, an open section) that
/// is not the app's, see ``StatefulWidget``.
@MainActor
public protocol Widget: View where Body == EmptyView {
  /// The size the widget takes when offered `proposal`, no larger than it. By default, all of
  /// it.
  func sizeThatFits(_ proposal: Size) -> Size
  /// The directions the widget grows in when a stack has room to spare; along those it gets
  /// all it is offered, whatever ``sizeThatFits(_:)`` says. By default both: a widget with a
  /// size of its own says ``Flex/none`` here.
  var flexibility: Flex { get }
  /// Draws the widget into `rect`; whatever it puts outside `rect` is clipped.
  func draw(in rect: Rect, canvas: Canvas)
}

extension Widget {
  /// All of `proposal`.
  public func sizeThatFits(_ proposal: Size) -> Size { proposal }
  /// Grows in both directions.
  public var flexibility: Flex { .both }
}

/// Lets a ``Widget`` or a ``StatefulWidget`` take part in layout as a built-in view does.
struct WidgetElement: Element {
  let sizeThatFits: @MainActor (Size) -> Size
  let flexibility: Flex
  let drawing: @MainActor (Rect, Canvas) -> Void

  init(_ widget: some Widget) {
    sizeThatFits = { widget.sizeThatFits($0) }
    flexibility = widget.flexibility
    drawing = { rect, canvas in widget.draw(in: rect, canvas: canvas) }
  }

  init<W: StatefulWidget>(_ widget: W) {
    sizeThatFits = { widget.sizeThatFits($0) }
    flexibility = widget.flexibility
    drawing = { rect, canvas in
      // Another kind of widget drawn at this place starts with fresh state.
      let state = canvas.kept(widget.makeState)
      widget.draw(in: rect, canvas: canvas, state: state)
    }
  }

  /// What the widget asked for, clamped to `proposal`, and all of `proposal` along the
  /// directions it grows in: the rule every view follows.
  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    let wanted = sizeThatFits(proposal)
    return Size(
      width: flexibility.horizontal ? proposal.width : min(max(0, wanted.width), proposal.width),
      height: flexibility.vertical
        ? proposal.height : min(max(0, wanted.height), proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { flexibility }

  func draw(in rect: Rect, canvas: Canvas) {
    drawing(rect, canvas)
  }
}
