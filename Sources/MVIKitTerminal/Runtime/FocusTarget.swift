/// A focusable view as registered during one render.
struct FocusTarget {
  let id: String
  let rect: Rect
  /// The keys the view handles, for the help bar.
  let help: [(key: String, text: String)]
  /// Whether printable keys type into the view (a text field, a list's filter being typed):
  /// the screen's letter shortcuts then wait until the focus is elsewhere, and Tab and Esc
  /// move the focus out.
  var takesText = false
  /// Whether the view would use `key` now, asked without doing anything, so that the help
  /// bar lists only the bindings a key can still reach.
  var uses: @MainActor (Key) -> Bool = { _ in false }
  /// The state's wish for this view to have the focus; see ``View/focused(_:onFocusChange:)``.
  var focusRequest: FocusRequest?
  /// Handles a key; returns false to let enclosing bindings have it.
  let handle: @MainActor (Key) -> Bool

  /// Whether `key` stops at the view, before any binding of the screen: every printable key
  /// while it takes text, Esc, which then takes the focus out of it, and the keys it uses.
  @MainActor
  func takes(_ key: Key) -> Bool {
    if takesText, key.isPrintable || key == .escape { return true }
    return uses(key)
  }
}

/// What ``View/focused(_:onFocusChange:)`` asks of the focusable view inside it.
struct FocusRequest {
  /// Whether the state wants the view focused.
  let isFocused: Bool
  /// Told when the user moves the focus onto the view or off it.
  let onChange: @MainActor (Bool) -> Void
}

extension Key {
  /// The character of a `.char` key.
  var character: Character? {
    if case .char(let character) = self { character } else { nil }
  }

  var isCharacter: Bool { character != nil }

  /// A key that types a character: a character without Ctrl or Alt, or a paste.
  var isPrintable: Bool {
    switch self {
    case .char, .paste: true
    default: false
    }
  }
}
