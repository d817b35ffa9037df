import MVIKit
import MVIKitNavigation
import MVIKitPatterns

/// What the login view sends: the seed's Input.
public enum LoginInput: Equatable, Sendable {
  case emailChanged(String)
  case passwordChanged(String)
  case loginTapped
  case cancelTapped
  /// The alert went away (its OK button, or Esc).
  case alertDismissed

  var intent: LoginModel.Intent {
    switch self {
    case .emailChanged(let email): .emailChanged(email)
    case .passwordChanged(let password): .passwordChanged(Secret(password))
    case .loginTapped: .loginTapped
    case .cancelTapped: .cancelTapped
    case .alertDismissed: .alertDismissed
    }
  }
}

/// What the login view shows: the seed's Output, derived from the state alone.
public struct LoginOutput: Equatable, Sendable {
  /// The button's colour: green when it can be pressed.
  public enum ButtonColor: Equatable, Sendable { case enabled, disabled }

  /// The email as typed.
  public var email: String
  /// The password as typed; a `Secret`, so printing the output never shows it.
  public var password: Secret<String>
  /// What is wrong with the email, once something is typed; nil when nothing is.
  public var emailProblem: String?
  /// What is wrong with the password, once something is typed; nil when nothing is.
  public var passwordProblem: String?
  /// Who the last login signed in, if it succeeded.
  public var signedInName: String?
  /// The email as it will be sent.
  public var cleanEmail: String
  /// Whether the email looks valid (drives the field's hint).
  public var isEmailValid: Bool
  /// Whether the password is long enough.
  public var isPasswordValid: Bool
  /// Whether the login button is enabled.
  public var isLoginEnabled: Bool
  /// The login button's colour.
  public var buttonColor: ButtonColor
  /// Whether the spinner shows.
  public var isLoading: Bool
  /// The alert to show over the form: how the last login went, until it is dismissed.
  public var alert: AlertState<LoginInput>?

  /// The output for `state`.
  public init(state: LoginModel.State) {
    self.init(
      email: state.email, password: state.password, isLoading: state.isLoading,
      signedInName: state.signedInName, alert: state.alert)
  }

  /// The output for the members it is made of.
  public init(
    email: String, password: Secret<String>, isLoading: Bool, signedInName: String? = nil,
    alert: AlertState<LoginModel.Intent>? = nil
  ) {
    self.email = email
    self.password = password
    self.signedInName = signedInName
    // The view speaks in inputs. Login's alerts have only their OK button, so dismissing is
    // the one intent to carry over.
    self.alert = alert.map {
      AlertState(title: $0.title, message: $0.message, dismissed: LoginInput.alertDismissed)
    }
    cleanEmail = LoginValidation.cleanEmail(email)
    isEmailValid = LoginValidation.isValidEmail(email)
    isPasswordValid = LoginValidation.isValidPassword(password.value)
    isLoginEnabled = isEmailValid && isPasswordValid && !isLoading
    buttonColor = isLoginEnabled ? .enabled : .disabled
    self.isLoading = isLoading
    emailProblem = !isEmailValid && !email.isEmpty ? "Not an email address yet." : nil
    passwordProblem = !isPasswordValid && !password.value.isEmpty ? "Too short." : nil
  }
}

/// The login screen's view model: `transform(input) -> output` over a ``LoginModel`` store.
public typealias LoginViewModel = InputOutputViewModel<LoginModel, LoginInput, LoginOutput>

extension InputOutputViewModel where M == LoginModel, Input == LoginInput, Output == LoginOutput {
  /// A login view model over a new store running `model`.
  public convenience init(model: LoginModel) {
    self.init(store: Store(initialState: LoginModel.State(), model: model))
  }

  /// A login view model over `store`, a root store or one scoped from an app's store; it adds
  /// no state, so making one for each render is cheap.
  public convenience init(store: Store<LoginModel>) {
    self.init(
      store: store, intent: \.intent,
      outputFromMembers: {
        LoginOutput(
          email: $0.email, password: $0.password, isLoading: $0.isLoading,
          signedInName: $0.signedInName, alert: $0.alert)
      })
  }
}
