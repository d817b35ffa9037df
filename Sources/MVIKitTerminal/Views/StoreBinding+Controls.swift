import MVIKit

extension TextField {
  /// A field bound to a store: it shows the binding's value and each edit sets it (which sends
  /// the binding's intent).
  ///
  /// ```swift
  /// TextField("Email", binding: store.binding(\.email, send: Intent.emailChanged))
  /// ```
  @MainActor
  public init(
    _ placeholder: String, binding: StoreBinding<String>, isSecure: Bool = false,
    onSubmit: (@MainActor () -> Void)? = nil
  ) {
    self.init(
      placeholder, text: binding.value, isSecure: isSecure, onSubmit: onSubmit,
      onChange: { binding.value = $0 })
  }
}

extension SecureField {
  /// A secure field bound to a store; see ``TextField/init(_:binding:isSecure:onSubmit:)``.
  @MainActor
  public init(
    _ placeholder: String, binding: StoreBinding<String>, onSubmit: (@MainActor () -> Void)? = nil
  ) {
    self.init(
      placeholder, text: binding.value, onSubmit: onSubmit, onChange: { binding.value = $0 })
  }
}

extension Toggle {
  /// A toggle bound to a store: it shows the binding's value and a press sets the opposite.
  @MainActor
  public init(_ label: String, binding: StoreBinding<Bool>) {
    self.init(label, isOn: binding.value, onChange: { binding.value = $0 })
  }
}
