/// A view with key bindings that apply wherever the focus is; see
/// ``View/onKey(_:help:isEnabled:action:)-([Key],_,_,_)``.
struct KeyBindingView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  /// Nil while the binding is disabled: its key does nothing and the help bar omits it.
  let binding: KeyBinding?

  func draw(in rect: Rect, canvas: Canvas) {
    if let binding { canvas.bind(binding) }
    canvas.draw(content, in: rect)
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
  ///
  /// With `isEnabled` false the binding is not there: the keys do nothing, and the help bar
  /// does not offer them. Pass whether the action would do anything now (`isEnabled:
  /// !store.todos.isEmpty`), so that every key the bar shows acts.
  public func onKey(
    _ keys: [Key], help: String? = nil, isEnabled: Bool = true,
    action: @escaping @MainActor () -> Void
  ) -> some View {
    KeyBindingView(
      content: resolve(self),
      binding: isEnabled ? KeyBinding(keys, help: help, action: action) : nil)
  }

  /// Runs `action` when `key` is pressed and the focused view does not use it; see
  /// ``onKey(_:help:isEnabled:action:)-([Key],_,_,_)``.
  public func onKey(
    _ key: Key, help: String? = nil, isEnabled: Bool = true,
    action: @escaping @MainActor () -> Void
  ) -> some View {
    onKey([key], help: help, isEnabled: isEnabled, action: action)
  }
}
