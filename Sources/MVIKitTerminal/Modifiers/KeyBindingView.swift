/// A view with key bindings that apply wherever the focus is; see ``View/onKey(_:help:action:)-([Key],_,_)``.
struct KeyBindingView: View, Element {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let binding: KeyBinding

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    content.measure(proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    content.flex(axis, context)
  }

  func draw(_ rect: Rect, _ context: RenderContext) {
    context.addBinding(binding)
    content.draw(rect, context)
  }
}

extension View {
  /// Runs `action` when one of `keys` is pressed and the focused view does not use it.
  ///
  /// A text field uses printable keys, so a binding of `"q"` does not fire while the user types
  /// in one. Bindings with `help` text appear in the ``HelpBar``.
  ///
  /// ```swift
  /// .onKey(["+", .up], help: "Increment") { store.send(.increment) }
  /// ```
  public func onKey(
    _ keys: [Key], help: String? = nil, action: @escaping @MainActor () -> Void
  ) -> some View {
    KeyBindingView(content: resolve(self), binding: KeyBinding(keys, help: help, action: action))
  }

  /// Runs `action` when `key` is pressed and the focused view does not use it.
  public func onKey(
    _ key: Key, help: String? = nil, action: @escaping @MainActor () -> Void
  ) -> some View {
    onKey([key], help: help, action: action)
  }
}
