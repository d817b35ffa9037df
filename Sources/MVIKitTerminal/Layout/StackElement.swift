/// What ``HStack`` and ``VStack`` share: children flattened once, laid out along an axis.
@MainActor
protocol StackElement: Element {
  var layout: StackLayout { get }
  /// Flattened when the stack is made: resolving a child evaluates its body, which measuring,
  /// flexing and drawing would otherwise each do again.
  var items: [StackLayout.Child] { get }
}

extension StackElement {
  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    layout.measure(items, proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    layout.flex(items, context)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    layout.draw(items, in: rect, canvas)
  }
}
