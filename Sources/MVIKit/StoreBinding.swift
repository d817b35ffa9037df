/// A two-way connection between a control and a store: it reads one member of the state, and
/// setting it sends an intent. The state still changes only in `reduce`.
///
/// ```swift
/// let email = store.binding(\.email, send: Intent.emailChanged)
/// email.value            // reads store.email (observed per member, like any read)
/// email.value = "a@b.c"  // sends .emailChanged("a@b.c")
/// ```
///
/// The terminal's `TextField(_:binding:)` and `Toggle(_:binding:)` take one directly; in
/// SwiftUI, `Binding(email)` turns it into a `SwiftUI.Binding` for `TextField("Email", text:)`.
@MainActor
public struct StoreBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  /// A binding from a getter and a setter; `Store/binding(_:send:)` is the usual way to make one.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.read = get
    self.write = set
  }

  /// The member's current value; setting it sends the intent.
  public var value: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }
}

extension Store {
  /// A binding that reads `keyPath` and sends `intent(newValue)` when set.
  ///
  /// Setting a value equal to the current one sends nothing, so a control that writes back
  /// what it shows does not flood the store with intents. The member is `Equatable` for that
  /// reason; for another kind of value, build a ``StoreBinding`` from a getter and a setter.
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<M.State, Value>,
    send intent: @escaping (Value) -> M.Intent
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self[dynamicMember: keyPath] },
      set: { newValue in
        // From inside the store's own reduce (a dependency holding the binding), the state is
        // in the middle of its change and cannot be read: the intent is sent, and waits.
        if !self.core.isInsideReduce {
          guard self.currentState[keyPath: keyPath] != newValue else { return }
        }
        self.sendFromUnknownSite(intent(newValue))
      })
  }

}
