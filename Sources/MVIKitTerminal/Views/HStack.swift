/// Views side by side, left to right.
///
/// Views that grow horizontally (``Spacer``, ``TextField``) share the width left over by the
/// others.
public struct HStack: View, Element {
  private let layout: StackLayout
  private let children: [any View]

  /// Stacks `content` with `spacing` empty columns between views, aligned by `alignment`.
  public init(
    alignment: Alignment = .leading, spacing: Int = 1, @ViewBuilder content: () -> ViewGroup
  ) {
    layout = StackLayout(axis: .horizontal, spacing: max(0, spacing), alignment: alignment)
    children = content().children
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    layout.measure(StackLayout.flatten(children), proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    layout.flex(StackLayout.flatten(children), context)
  }

  func draw(_ rect: Rect, _ context: RenderContext) {
    layout.draw(StackLayout.flatten(children), in: rect, context)
  }
}
