/// A focusable view as registered during one render.
struct FocusTarget {
  let id: String
  let rect: Rect
  /// The keys the view handles, for the help bar.
  let help: [(key: String, text: String)]
  /// Handles a key; returns false to let enclosing bindings have it.
  let handle: @MainActor (Key) -> Bool
}
