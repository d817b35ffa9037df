/// A view with a key that shows every key of the screen; see
/// ``View/keyHelp(_:isPresented:toggle:)``.
struct KeyHelpView: View, WrapperElement {
  /// Resolved once when the modifier is applied, so a custom view's body is evaluated once a
  /// frame rather than once per layout pass.
  let content: any Element
  let binding: KeyBinding
  let isPresented: Bool

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.bind(binding)
    canvas.draw(content, in: rect)
    guard isPresented else { return }
    let toggle = binding.action
    // An overlay runs once the whole screen is drawn, so every view and binding is known.
    canvas.overlay { screen in
      Alert(
        title: Self.title, message: Self.message(KeyHelp.screen(screen.context)),
        onDismiss: toggle
      ).draw(on: screen)
    }
  }

  static let title = "Keys on this screen"

  /// One key a line, the descriptions lined up.
  static func message(_ entries: [KeyHelp.Entry]) -> String {
    let width = entries.reduce(0) { max($0, $1.key.terminalWidth) }
    return entries.map { entry in
      entry.key + String(repeating: " ", count: width - entry.key.terminalWidth + 2) + entry.text
    }.joined(separator: "\n")
  }
}

extension View {
  /// Adds `key` (`?` by default), which shows every key of the screen in an alert: the keys
  /// of each focusable view and every binding, from the same registrations as the
  /// ``HelpBar``, so the list cannot drift from what the keys do. The key calls `toggle`, and
  /// so does dismissing the alert; keep `isPresented` in your state and flip it there.
  ///
  /// The help bar keeps this key when it drops others to fit.
  ///
  /// ```swift
  /// content.keyHelp(isPresented: store.isHelpShown) { store.send(.helpToggled) }
  /// ```
  public func keyHelp(
    _ key: Key = "?", isPresented: Bool, toggle: @escaping @MainActor () -> Void
  ) -> some View {
    var binding = KeyBinding([key], help: "Keys", action: toggle)
    binding.isPinned = true
    return KeyHelpView(content: resolve(self), binding: binding, isPresented: isPresented)
  }
}
