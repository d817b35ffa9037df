import MVIKit

/// A view whose focus follows state; see ``View/focused(_:onFocusChange:)``.
struct FocusedView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let request: FocusRequest

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.withFocusRequest(request) { canvas.draw(content, in: rect) }
  }
}

extension View {
  /// Gives the focus to the first focusable view in this one while `isFocused` is true, and
  /// reports through `onFocusChange` when the user moves the focus onto it or off it (Tab,
  /// Esc, a click), so that your state can follow.
  ///
  /// The state decides, the way it decides what is on screen: a reducer that sets the flag
  /// moves the focus, for a rename that fills a field and puts the cursor in it. Keep the
  /// flag in step with `onFocusChange`: while it stays true, the focus keeps coming back.
  ///
  /// ```swift
  /// TextField("Title", text: store.draft) { store.send(.draftChanged($0)) }
  ///   .focused(store.isDraftFocused) { store.send(.draftFocusChanged($0)) }
  /// ```
  public func focused(
    _ isFocused: Bool, onFocusChange: @escaping @MainActor (Bool) -> Void
  ) -> some View {
    FocusedView(
      content: resolve(self), request: FocusRequest(isFocused: isFocused, onChange: onFocusChange))
  }

  /// Gives the focus to the first focusable view in this one while the binding is true, and
  /// sets the binding when the user moves the focus onto it or off it.
  ///
  /// ```swift
  /// TextField("Title", text: store.draft) { store.send(.draftChanged($0)) }
  ///   .focused(store.binding(\.isDraftFocused, send: Intent.draftFocusChanged))
  /// ```
  public func focused(_ binding: StoreBinding<Bool>) -> some View {
    focused(binding.value) { binding.value = $0 }
  }
}
