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
    history: [String] = [], onSubmit: (@MainActor () -> Void)? = nil
  ) {
    self.init(
      placeholder, text: binding.value, isSecure: isSecure, history: history,
      onSubmit: onSubmit, onChange: { binding.value = $0 })
  }
}

extension TextArea {
  /// A text area bound to a store: it shows the binding's value and each edit sets it.
  ///
  /// ```swift
  /// TextArea("Notes", binding: store.binding(\.notes, send: Intent.notesChanged))
  /// ```
  @MainActor
  public init(_ placeholder: String, binding: StoreBinding<String>) {
    self.init(placeholder, text: binding.value, onChange: { binding.value = $0 })
  }
}

extension SecureField {
  /// A secure field bound to a store, with no history; see
  /// ``TextField/init(_:binding:isSecure:history:onSubmit:)``.
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
