/// Views stacked top to bottom.
///
/// Views that grow vertically (``Spacer``, ``List``) share the height left over by the
/// others.
public struct VStack: View, Element {
  private let layout: StackLayout
  private let children: [any View]

  /// Stacks `content` with `spacing` empty rows between views, aligned by `alignment`.
  public init(
    alignment: Alignment = .leading, spacing: Int = 0, @ViewBuilder content: () -> ViewGroup
  ) {
    layout = StackLayout(axis: .vertical, spacing: max(0, spacing), alignment: alignment)
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
