/// A view given a fixed or growing size; see ``View/frame(width:height:alignment:)``.
struct FramedView: View, Element {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let width: Int?
  let height: Int?
  let expands: Flex
  let alignment: Alignment

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    let inner = content.measure(
      Size(width: width ?? proposal.width, height: height ?? proposal.height), context)
    return Size(
      width: min(proposal.width, expands.horizontal ? proposal.width : width ?? inner.width),
      height: min(proposal.height, expands.vertical ? proposal.height : height ?? inner.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    let inner = content.flex(axis, context)
    return Flex(
      horizontal: expands.horizontal || (width == nil && inner.horizontal),
      vertical: expands.vertical || (height == nil && inner.vertical))
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let size = content.measure(rect.size, canvas.context)
    let innerFlex = content.flex(canvas.axis, canvas.context)
    let innerWidth = innerFlex.horizontal ? rect.width : min(size.width, rect.width)
    let innerHeight = innerFlex.vertical ? rect.height : min(size.height, rect.height)
    let x = rect.x + alignment.offset(free: rect.width - innerWidth)
    let y = rect.y + alignment.offset(free: rect.height - innerHeight)
    canvas.draw(content, in: Rect(x: x, y: y, width: innerWidth, height: innerHeight))
  }
}

extension View {
  /// This view in a frame of exactly `width` columns and `height` rows where given; the view
  /// is placed in the frame by `alignment`.
  public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .leading)
    -> some View
  {
    FramedView(
      content: resolve(self), width: width.map { max(0, $0) }, height: height.map { max(0, $0) },
      expands: .none, alignment: alignment)
  }

  /// This view in a frame that grows to fill the space its stack offers, horizontally,
  /// vertically or both; the view is placed in the frame by `alignment`.
  public func expanding(
    horizontally: Bool = true, vertically: Bool = true, alignment: Alignment = .leading
  ) -> some View {
    FramedView(
      content: resolve(self), width: nil, height: nil,
      expands: Flex(horizontal: horizontally, vertical: vertically), alignment: alignment)
  }
}
