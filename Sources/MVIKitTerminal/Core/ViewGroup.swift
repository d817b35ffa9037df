/// Several views in a row, as built by ``ViewBuilder``; stacks lay out its members one by one,
/// and on its own it stacks them vertically.
public struct ViewGroup: View, Element {
  let children: [any View]

  /// Groups `children`.
  public init(_ children: [any View]) {
    self.children = children
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    StackLayout(axis: .vertical, spacing: 0, alignment: .leading)
      .measure(StackLayout.flatten(children), proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    StackLayout(axis: .vertical, spacing: 0, alignment: .leading)
      .flex(StackLayout.flatten(children), context)
  }

  func draw(_ rect: Rect, _ context: RenderContext) {
    StackLayout(axis: .vertical, spacing: 0, alignment: .leading)
      .draw(StackLayout.flatten(children), in: rect, context)
  }
}
