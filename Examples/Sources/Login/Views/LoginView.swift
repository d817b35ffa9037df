import MVIKit
import MVIKitTerminal

/// The login screen: email, secure password, a button that is green only when it can be
/// pressed, a spinner while the request runs (the form read-only meanwhile, Esc to cancel),
/// and an alert that says how the login went, from the output's alert.
public struct LoginView: View {
  let viewModel: LoginViewModel
  let hint: String

  /// A view of `viewModel`; `hint` is shown under the form (the demo account, for example).
  public init(viewModel: LoginViewModel, hint: String = "") {
    self.viewModel = viewModel
    self.hint = hint
  }

  /// The screen for the current state, read from the view model's output only.
  public var body: some View {
    let output = viewModel.output
    VStack {
      Text("Email")
      // While the request runs the form is read-only: no field holds the focus, so Esc
      // reaches the cancel, and what is typed cannot differ from what is being checked.
      if output.isLoading {
        Text(output.email).dim()
      } else {
        TextField(
          "name@example.com", binding: viewModel.binding(\.email, input: LoginInput.emailChanged))
      }
      Text(output.emailProblem ?? "").foreground(.yellow)
      Text("Password")
      if output.isLoading {
        Text(String(repeating: "•", count: output.password.value.count)).dim()
      } else {
        SecureField(
          "at least \(LoginValidation.minimumPasswordLength) characters",
          binding: viewModel.binding(\.password.value, input: LoginInput.passwordChanged),
          onSubmit: { viewModel.send(.loginTapped) })
      }
      Text(output.passwordProblem ?? "").foreground(.yellow)
      HStack {
        if output.isLoading {
          Text("Logging in… ").foreground(.yellow)
          Spinner().foreground(.yellow)
        } else {
          Button("Log in") { viewModel.send(.loginTapped) }
            .foreground(output.buttonColor == .enabled ? .green : .gray)
        }
      }
      if let name = output.signedInName {
        Text("Signed in as \(name).").foreground(.green)
      }
      Spacer()
      Text(hint).dim()
    }
    .onKey(.escape, help: "Cancel", isEnabled: output.isLoading) { viewModel.send(.cancelTapped) }
    .alert(output.alert.map { Alert($0, send: { viewModel.send($0) }) })
  }
}
