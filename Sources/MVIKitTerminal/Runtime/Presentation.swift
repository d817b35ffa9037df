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
  /// A short message in the bottom-right corner.
  case toast(String)
  /// A modal alert with an OK button.
  case alert(title: String, message: String)
}
