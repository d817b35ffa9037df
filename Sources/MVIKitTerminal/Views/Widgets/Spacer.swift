/// Empty space that grows along its stack, pushing the views around it apart.
public struct Spacer: View, Element {
  private let minLength: Int

  /// Creates a spacer that is at least `minLength` cells long.
  public init(minLength: Int = 0) {
    self.minLength = max(0, minLength)
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    context.axis == .horizontal
      ? Size(width: min(minLength, proposal.width), height: 0)
      : Size(width: 0, height: min(minLength, proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    Flex(horizontal: axis == .horizontal, vertical: axis != .horizontal)
  }

  func draw(in rect: Rect, canvas: Canvas) {}
}
