import MVIKit
import MVIKitTerminal

/// The login screen: email, secure password, a button that is green only when it can be
/// pressed, and a spinner while the request runs. Alerts come from side effects.
public struct LoginView: View {
  let viewModel: LoginViewModel
  let hint: String

  /// A view of `viewModel`; `hint` is shown under the form (the demo account, for example).
  public init(viewModel: LoginViewModel, hint: String = "") {
    self.viewModel = viewModel
    self.hint = hint
  }

  /// The screen for the current state.
  public var body: some View {
    let output = viewModel.output
    let store = viewModel.store
    VStack {
      Text("Email")
      TextField("name@example.com", text: store.email) { viewModel.send(.emailChanged($0)) }
      Text(!output.isEmailValid && !store.email.isEmpty ? "Not an email address yet." : "")
        .foreground(.yellow)
      Text("Password")
      SecureField(
        "at least \(LoginValidation.minimumPasswordLength) characters",
        text: store.password.value,
        onSubmit: { viewModel.send(.loginTapped) }
      ) { viewModel.send(.passwordChanged($0)) }
      Text(!output.isPasswordValid && !store.password.value.isEmpty ? "Too short." : "")
        .foreground(.yellow)
      HStack {
        Button(output.isLoading ? "Logging in…" : "Log in") { viewModel.send(.loginTapped) }
          .foreground(output.buttonColor == .enabled ? .green : .gray)
        if output.isLoading {
          Spinner().foreground(.yellow)
        }
      }
      if let name = store.signedInName {
        Text("Signed in as \(name).").foreground(.green)
      }
      Spacer()
      Text(hint).dim()
    }
  }
}
