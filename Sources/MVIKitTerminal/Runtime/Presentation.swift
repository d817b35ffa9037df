/// How the runtime shows a side effect: a toast that fades after a few seconds, or an alert
/// the user dismisses.
///
/// ```swift
/// TerminalApp(store: store, presentation: { sideEffect in
///   switch sideEffect {
///   case let .toast(text): .toast(text)
///   }
/// }) { CounterView(store: store) }
/// ```
public enum Presentation: Hashable, Sendable {
  /// A short message in rows of its own at the bottom of the screen; the content gives those
  /// rows up while it shows, so no toast covers a footer or another toast. A long message
  /// wraps to two lines and then ends in an ellipsis; at most three show at once.
  case toast(String)
  /// A modal alert with an OK button.
  case alert(title: String, message: String)
}
