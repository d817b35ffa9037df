/// A view that takes no space and draws nothing.
public struct EmptyView: View, Element {
  /// Creates an empty view.
  public init() {}

  /// Itself; built-in views draw themselves.
  public var body: EmptyView { return self }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size { .zero }
  func draw(in rect: Rect, canvas: Canvas) {}
}
