import MVIKit
import MVIKitNavigation

extension Alert {
  /// Draws an `AlertState`: each button sends its intent, then the alert's
  /// `dismissed` intent; Esc sends `dismissed`.
  ///
  /// ```swift
  /// content.alert(store.alert.map { Alert($0, send: { store.send($0) }) })
  /// ```
  @MainActor
  public init<Intent>(_ state: AlertState<Intent>, send: @escaping @MainActor (Intent) -> Void) {
    self.init(
      title: state.title, message: state.message,
      buttons: state.buttons.map { button in
        Button(button.title) { if let intent = button.intent { send(intent) } }
      },
      onDismiss: { send(state.dismissed) })
  }
}
