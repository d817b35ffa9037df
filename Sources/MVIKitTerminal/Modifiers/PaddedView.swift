/// A view with empty cells around it; see ``View/padding(_:)``.
struct PaddedView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let top: Int
  let leading: Int
  let bottom: Int
  let trailing: Int

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    let inner = content.measure(
      Size(width: proposal.width - leading - trailing, height: proposal.height - top - bottom),
      context)
    return Size(
      width: min(proposal.width, inner.width + leading + trailing),
      height: min(proposal.height, inner.height + top + bottom))
  }

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.draw(
      content, in: rect.inset(top: top, leading: leading, bottom: bottom, trailing: trailing))
  }
}

extension View {
  /// This view with `amount` empty cells on every side.
  public func padding(_ amount: Int = 1) -> some View {
    padding(horizontal: amount, vertical: amount)
  }

  /// This view with `horizontal` empty columns left and right and `vertical` empty rows above
  /// and below.
  public func padding(horizontal: Int = 0, vertical: Int = 0) -> some View {
    PaddedView(
      content: resolve(self), top: max(0, vertical), leading: max(0, horizontal),
      bottom: max(0, vertical), trailing: max(0, horizontal))
  }
}
