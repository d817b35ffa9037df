/// A view whose text inherits a style; see ``View/foreground(_:)``.
struct StyledView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let style: Style

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.withStyle(style) { styled in
      if style.background != .default { styled.fill(rect) }
      styled.draw(content, in: rect)
    }
  }
}

extension View {
  /// This view with its text drawn in `style`, unless a view inside sets its own.
  public func style(_ style: Style) -> some View {
    StyledView(content: resolve(self), style: style)
  }

  /// This view with its text in `color`.
  public func foreground(_ color: Color) -> some View {
    style(Style(foreground: color))
  }

  /// This view on a background of `color`, filling its whole frame.
  public func background(_ color: Color) -> some View {
    style(Style(background: color))
  }

  /// This view with its text in bold.
  public func bold() -> some View {
    style(Style(attributes: .bold))
  }

  /// This view with its text faint.
  public func dim() -> some View {
    style(Style(attributes: .dim))
  }
}
